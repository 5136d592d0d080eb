#!/usr/bin/env python3
"""make-headers.py - writes the header-only .safetensors fixtures of
tests/fixtures/hub: the 8-byte little-endian length and the JSON header
with each tensor's dtype, shape and data_offsets, as the published
checkpoints have them, and no tensor data.  Run from the source tree."""
import json
import struct

BF16 = 2


def write(path, tensors, declared_extra=0, cut=0):
    off, hdr = 0, {"__metadata__": {"format": "pt"}}
    for name, shape in tensors:
        n = BF16
        for d in shape:
            n *= d
        hdr[name] = {"dtype": "BF16", "shape": shape, "data_offsets": [off, off + n]}
        off += n
    text = json.dumps(hdr, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text) + declared_extra))
        f.write(text[:len(text) - cut] if cut else text)
    return off


def qwen05():
    h, i, kv, v, layers = 896, 4864, 128, 151936, 24
    t = [("model.embed_tokens.weight", [v, h])]
    for l in range(layers):
        p = "model.layers.%d." % l
        t += [(p + "self_attn.q_proj.weight", [h, h]), (p + "self_attn.q_proj.bias", [h]),
              (p + "self_attn.k_proj.weight", [kv, h]), (p + "self_attn.k_proj.bias", [kv]),
              (p + "self_attn.v_proj.weight", [kv, h]), (p + "self_attn.v_proj.bias", [kv]),
              (p + "self_attn.o_proj.weight", [h, h]),
              (p + "mlp.gate_proj.weight", [i, h]), (p + "mlp.up_proj.weight", [i, h]),
              (p + "mlp.down_proj.weight", [h, i]),
              (p + "input_layernorm.weight", [h]), (p + "post_attention_layernorm.weight", [h])]
    return t + [("model.norm.weight", [h])]


def mistral7b():
    h, i, kv, v, layers = 4096, 14336, 1024, 32768, 32
    t = [("tok_embeddings.weight", [v, h])]
    for l in range(layers):
        p = "layers.%d." % l
        t += [(p + "attention.wq.weight", [h, h]), (p + "attention.wk.weight", [kv, h]),
              (p + "attention.wv.weight", [kv, h]), (p + "attention.wo.weight", [h, h]),
              (p + "feed_forward.w1.weight", [i, h]), (p + "feed_forward.w2.weight", [h, i]),
              (p + "feed_forward.w3.weight", [i, h]),
              (p + "attention_norm.weight", [h]), (p + "ffn_norm.weight", [h])]
    return t + [("norm.weight", [h]), ("output.weight", [v, h])]


if __name__ == "__main__":
    d = "tests/fixtures/hub/"
    print("qwen", write(d + "Qwen/Qwen2.5-0.5B-Instruct/model.safetensors", qwen05()))
    print("mistral", write(d + "mistralai/Mistral-7B-v0.3/consolidated.safetensors",
                           mistral7b()))
    # declares 4096 bytes more header than the file holds
    write(d + "broken/Truncated/model.safetensors", qwen05(), declared_extra=4096)
    write(d + "slow/Slow/model.safetensors", qwen05())

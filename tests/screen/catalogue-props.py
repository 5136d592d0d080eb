#!/usr/bin/env python3
# catalogue-props.py - properties of every catalogue model on a handful of
# cards, as a new user meets them (run by catalogue-props.sh, TAP output):
#  1. --report json parses, every number in it is finite and the verdict's
#     phase is one of the known phases (starts <=> no phase);
#  2. the printed `vllm serve` line, fed back with --from-command on the
#     same card, plans the same (the same JSON but for the fields that name
#     where the input came from);
#  3. comma-decimal locales give reports (text and JSON) byte-identical to
#     the C locale's;
#  4. every fix listed, its flags added to the command, plans as the fix
#     says: it starts (or not) at the concurrency the fix names;
#  5. a refusal at phase config of a model at its default flags on a card
#     where its weights fit is listed (ALLOWED_CONFIG below: each intended)
#     and offers a fix that starts.
# Arguments: HEADROOM_BIN COMMA_LOCALE... (the locales to compare with C).
import concurrent.futures
import json
import math
import os
import shlex
import subprocess
import sys
import threading

H = sys.argv[1]
LOCALES = sys.argv[2:]
PHASES = {"config", "free-memory", "weights", "kv-cache", "cuda-graphs",
          "sampler-warmup"}
# (card, MIG slice or None, tensor-parallel sizes tried); PROPS_FULL=1
# tries TP 1, 2, 4 and 8 on every whole card and every locale everywhere
# (a sweep of several minutes, not for `make check`)
FULL = os.environ.get("PROPS_FULL") == "1"
CARDS = [
    ("rtx-pro-6000-server", None, (1,)),
    ("rtx-pro-6000-server", "2g.48gb", (1,)),
    ("h200-nvl", None, (1, 8)),
    ("l40s", None, (1, 4)),
    ("rtx-4090", None, (1,)),
]
if FULL:
    CARDS = [(c, g, (1,) if g else (1, 2, 4, 8)) for c, g, _ in CARDS]
    CARDS.append(("rtx-pro-6000-server", "1g.24gb", (1,)))
# Refusals at the configuration check at a model's default flags that are
# intended: (model, substring of the message, the flags that get past it).
# The flags must get past the check on every card; where they then start,
# the plan's fixes must list them.
ALLOWED_CONFIG = [
    # gemma3n_mm.py's towers are convolutional: their peak is not modelled
    ("google/gemma-3n-E2B-it", "MobileNetV5",
     """--limit-mm-per-prompt '{"image":0,"audio":0}'"""),
    ("google/gemma-3n-E4B-it", "MobileNetV5",
     """--limit-mm-per-prompt '{"image":0,"audio":0}'"""),
    # kimi_k25.py's vision_chunk dummy is sized by the checkpoint's own
    # processor; no image or video limit turns it off, its own limit at 0
    # runs vLLM text-only (registry.py supports_multimodal_inputs)
    ("moonshotai/Kimi-K2.5", "No image or video limit turns it off",
     """--limit-mm-per-prompt '{"vision_chunk":0}'"""),
    # the sparse-MLA layout is modelled in fp8_ds_mla only
    ("deepseek-ai/DeepSeek-V4-Flash", "fp8_ds_mla format only",
     "--kv-cache-dtype fp8"),
    ("deepseek-ai/DeepSeek-V4-Pro", "fp8_ds_mla format only",
     "--kv-cache-dtype fp8"),
    # voxtral.py's dummy audio clips are max_model_len tokens through the
    # Whisper encoder, whose peak is not modelled
    ("mistralai/Voxtral-Mini-3B-2507", "max_model_len tokens each",
     """--limit-mm-per-prompt '{"audio":0}'"""),
    # registry.py's _PREVIOUSLY_SUPPORTED_MODELS: Bamba until 0.23.0
    ("ibm-ai-platform/Bamba-9B-v1", "is not supported anymore",
     "--vllm-version 0.23.0"),
    # mGTE's config names NewModel, which vLLM's registry lacks: vLLM's
    # supported-models list serves it under this override
    ("Alibaba-NLP/gte-multilingual-base", "NewModel",
     """--hf-overrides '{"architectures": ["GteNewModel"]}'"""),
]
# what names the input's origin, not the plan
ORIGIN_KEYS = {("model", "source"), ("model", "origin")}

fails = 0
n = 0
out_lines = []


def tap(ok, name, detail=""):
    global fails, n
    n += 1
    if ok:
        out_lines.append("ok %d - %s" % (n, name))
    else:
        fails += 1
        out_lines.append("not ok %d - %s" % (n, name))
        for line in detail.splitlines()[:12]:
            out_lines.append("# " + line)


_cache = {}
_cache_lock = threading.Lock()
calls = 0


def run(args, locale="C"):
    """headroom ARGS in LOCALE: (exit status, stdout, stderr); the same
    arguments run once."""
    global calls
    key = (locale,) + tuple(args)
    with _cache_lock:
        if key in _cache:
            return _cache[key]
    env = dict(os.environ)
    env["LC_ALL"] = locale
    p = subprocess.run([H] + args, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, env=env)
    with _cache_lock:
        calls += 1
        _cache[key] = (p.returncode, p.stdout, p.stderr)
    return _cache[key]


def finite_numbers(o, path=""):
    """The paths of numbers that are not finite (or strings that spell
    one: nan, inf)."""
    bad = []
    if isinstance(o, dict):
        for k, v in o.items():
            bad += finite_numbers(v, path + "/" + k)
    elif isinstance(o, list):
        for i, v in enumerate(o):
            bad += finite_numbers(v, "%s[%d]" % (path, i))
    elif isinstance(o, float):
        if not math.isfinite(o):
            bad.append(path)
    elif isinstance(o, str):
        if o.strip().lower() in ("nan", "-nan", "inf", "-inf", "infinity"):
            bad.append(path)
    return bad


def parse_json(raw):
    try:
        return json.loads(raw.decode("utf-8"),
                          parse_constant=lambda c: float("nan")), None
    except (ValueError, UnicodeDecodeError) as e:
        return None, str(e)


def strip_origin(d):
    d = json.loads(json.dumps(d))
    for a, b in ORIGIN_KEYS:
        if isinstance(d.get(a), dict):
            d[a].pop(b, None)
    return d


def json_diff(a, b, path=""):
    if type(a) != type(b):
        return ["%s: %r vs %r" % (path, a, b)]
    if isinstance(a, dict):
        out = []
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                out.append("%s/%s: only on one side" % (path, k))
            else:
                out += json_diff(a[k], b[k], path + "/" + k)
        return out
    if isinstance(a, list):
        if len(a) != len(b):
            return ["%s: %d vs %d items" % (path, len(a), len(b))]
        out = []
        for i, (x, y) in enumerate(zip(a, b)):
            out += json_diff(x, y, "%s[%d]" % (path, i))
        return out
    return [] if a == b else ["%s: %r vs %r" % (path, a, b)]


def hw_args(card, mig, tp):
    a = ["--gpu", card]
    if mig:
        a += ["--mig", mig]
    if tp > 1:
        a += ["--gpus", str(tp)]
    return a


def check_config(model, card, mig, tp, locale):
    """One (model, card, TP): returns the TAP results as a list of
    (ok, name, detail) and the config refusal, if any."""
    res = []
    name = "%s on %s%s TP %d" % (model, card, " " + mig if mig else "", tp)
    base = hw_args(card, mig, tp) + ["--model", model]
    if tp > 1:
        base += ["--tensor-parallel-size", str(tp)]
    rc, raw, err = run(base + ["--report", "json"])
    d, perr = parse_json(raw)
    if d is None:
        res.append((False, name + ": JSON report parses",
                    "exit %d: %s\n%s" % (rc, perr, err.decode(errors="replace"))))
        return res, None
    v = d.get("verdict", {})
    phase = v.get("phase")
    bad = finite_numbers(d)
    ok = (rc in (0, 1) and not bad and isinstance(v.get("starts"), bool) and
          (v["starts"] == (phase is None)) and
          (phase is None or phase in PHASES) and (rc == 0) == v["starts"])
    res.append((ok, name + ": JSON finite, verdict known",
                "exit %d phase %r starts %r not finite: %s" %
                (rc, phase, v.get("starts"), ", ".join(bad))))
    # 2. the serve line fed back
    cmd = d.get("vllm_command")
    rc2, raw2, err2 = run(hw_args(card, mig, tp) +
                          ["--from-command", cmd or "", "--report", "json"])
    d2, perr2 = parse_json(raw2)
    if d2 is None:
        res.append((False, name + ": serve line plans again",
                    "%s\nexit %d: %s\n%s" % (cmd, rc2, perr2,
                                             err2.decode(errors="replace"))))
    else:
        diff = json_diff(strip_origin(d), strip_origin(d2))
        res.append((not diff and rc2 == rc, name + ": serve line plans the same",
                    "%s\nexit %d vs %d\n%s" % (cmd, rc, rc2, "\n".join(diff))))
    # 3. a comma-decimal locale (TP 1 only, one locale a card in turn)
    if tp == 1 and locale:
        _, text_c, _ = run(base)
        for loc in (LOCALES if FULL else [locale]):
            _, j, _ = run(base + ["--report", "json"], loc)
            _, t, _ = run(base, loc)
            res.append((j == raw and t == text_c,
                        "%s: %s reports byte-identical to C" % (name, loc),
                        "json %s, text %s" % ("same" if j == raw else "differs",
                                              "same" if t == text_c
                                              else "differs")))
    # 4. every fix, applied
    for f in d.get("fixes", []):
        flags = f.get("flags", "")
        if flags.startswith("("):
            continue  # "(stop the other processes)": no flag to add
        rc3, raw3, err3 = run(base + shlex.split(flags) + ["--report", "json"])
        d3, _ = parse_json(raw3)
        if d3 is None:
            res.append((False, "%s + %s: plans" % (name, flags),
                        "exit %d\n%s" % (rc3, err3.decode(errors="replace"))))
            continue
        v3 = d3["verdict"]
        if FULL and v3["starts"]:
            # the fixed plan's serve line plans the same again too
            c3 = d3.get("vllm_command") or ""
            words = shlex.split(flags)
            hw = [w for w in ("--gpu", "--mig", "--gpus", "--vllm-version")
                  if w in words]
            extra = []
            for w in hw:
                extra += [w, words[words.index(w) + 1]]
            _, raw4, _ = run(hw_args(card, mig, tp) + extra +
                             ["--from-command", c3, "--report", "json"])
            d4, _ = parse_json(raw4)
            diff = (json_diff(strip_origin(d3), strip_origin(d4))
                    if d4 else ["no JSON"])
            res.append((not diff, "%s + %s: its serve line plans the same" %
                        (name, flags), "%s\n%s" % (c3, "\n".join(diff))))
        ok = (v3["starts"] == f["starts"] and
              (not f["starts"] or
               (d3["kv"]["max_concurrency"] == f["max_concurrency"] and
                d3["total_concurrency_at_tokens_per_request"] ==
                f["total_concurrency_at_tokens_per_request"])))
        res.append((ok, "%s + %s: %s as ranked" %
                    (name, flags, "starts" if f["starts"] else "does not start"),
                    "fix: starts %r %r x, %r requests; applied: starts %r "
                    "(%s) %r x, %r requests" %
                    (f["starts"], f.get("max_concurrency"),
                     f.get("total_concurrency_at_tokens_per_request"),
                     v3["starts"], v3.get("phase"),
                     d3["kv"]["max_concurrency"] if d3.get("kv") else None,
                     d3.get("total_concurrency_at_tokens_per_request"))))
    # 4'. a plan that does not start: a change the fixes try but do not
    # list, added to the command, does not start either (else a fix was
    # missed)
    if not v.get("starts") and phase != "config":
        listed = {f.get("flags") for f in d.get("fixes", [])}
        tried = ["--kv-cache-dtype fp8", "--enforce-eager"]
        if FULL:
            tried += ["--max-num-batched-tokens 2048", "--max-num-seqs 256",
                      "--gpu-memory-utilization 0.95",
                      "--cudagraph-capture-sizes 1 2 4 8 16"]
        for flags in tried:
            if flags in listed or flags.split()[0] in base:
                continue
            rc5, raw5, _ = run(base + shlex.split(flags) + ["--report", "json"])
            d5, _ = parse_json(raw5)
            v5 = (d5 or {}).get("verdict", {})
            ok = d5 is not None and (not v5.get("starts") or
                 (d5.get("total_concurrency_at_tokens_per_request") or 0) < 1)
            res.append((ok, "%s + %s: not listed, does not start" %
                        (name, flags),
                        "applied: starts %r with %r requests; listed: %s" %
                        (v5.get("starts"),
                         (d5 or {}).get("total_concurrency_at_tokens_per_request"),
                         sorted(listed))))
    refusal = None
    if phase == "config":
        refusal = (model, card, mig, tp, base, v.get("message") or "", d)
    return res, refusal


def main():
    rc, raw, err = run(["--list", "models"])
    models = [l.split()[0] for l in raw.decode().splitlines()[1:] if l.strip()]
    tap(rc == 0 and len(models) > 50, "--list models lists the catalogue",
        err.decode(errors="replace"))
    jobs = []
    for i, m in enumerate(models):
        for k, (c, g, tps) in enumerate(CARDS):
            # one card a model compared in a comma locale, in turn
            loc = None
            if LOCALES and (FULL or (i + k) % len(CARDS) == 0):
                loc = LOCALES[i // len(CARDS) % len(LOCALES)]
            jobs += [(m, c, g, tp, loc) for tp in tps]
    with concurrent.futures.ThreadPoolExecutor(
            max_workers=int(os.environ.get("PROPS_JOBS", "3"))) as ex:
        results = list(ex.map(lambda j: check_config(*j), jobs))
    refusals = []
    for res, refusal in results:
        for r in res:
            tap(*r)
        if refusal:
            refusals.append(refusal)
    # 5. config refusals: at default flags (TP 1) each intended and its
    # way past planned; at a TP, listed (the heads' divisibility) and, where
    # a listed one, its way past planned too
    for model, card, mig, tp, base, msg, d in refusals:
        where = "%s on %s%s TP %d" % (model, card, " " + mig if mig else "", tp)
        out_lines.append("# config refusal: %s: %s" % (where, msg[:160]))
        way = [w for m, s, w in ALLOWED_CONFIG if model == m and s in msg]
        if not way:
            if tp == 1:
                tap(False, "%s: config refusal at default flags intended" %
                    where, "not in ALLOWED_CONFIG (catalogue-props.py) with "
                    "its way past:\n" + msg)
            continue
        if way[0] is None:
            starts = [f["flags"] for f in d.get("fixes", []) if f.get("starts")]
            out_lines.append("# no way past headroom models: " + where)
            tap(not starts, "%s: config refusal intended, no fix offered" %
                where, "offered: %s" % starts)
            continue
        rc, raw, _ = run(base + shlex.split(way[0]) + ["--report", "json"])
        d2, _ = parse_json(raw)
        v2 = (d2 or {}).get("verdict", {})
        offered = [f for f in d.get("fixes", []) if f.get("flags") == way[0]]
        # at a TP the heads do not divide, the way past meets that check
        # next, as vLLM checks the model before the parallel layout
        heads = (tp > 1 and v2.get("phase") == "config" and
                 "must be divisible by tensor parallel size" in
                 (v2.get("message") or ""))
        ok = (d2 is not None and (v2.get("phase") != "config" or heads) and
              (not v2.get("starts") or
               (offered and offered[0].get("starts"))))
        tap(ok, "%s: config refusal intended; %s plans%s" %
            (where, way[0], ", is offered" if v2.get("starts") else ""),
            "with it: phase %r %s; offered %r\n%s" %
            (v2.get("phase"), (v2.get("message") or "")[:200],
             [f["flags"] for f in d.get("fixes", [])], msg))
    out_lines.append("# %d runs of headroom" % calls)
    print("\n".join(out_lines))
    print("1..%d" % n)
    print("%d passed, %d failed" % (n - fails, fails))
    return 1 if fails else 0


sys.exit(main())

/*
 * catalogue_gen.c - the build-time compiler of the built-in catalogue.
 *
 *   catalogue_gen data/gpus.yaml data/models.yaml ... > builtin_data.c
 *
 * Loads the files with the YAML loader headroom uses for user files
 * (io/catalogue_load.c, so there is one reader of the format), links them,
 * and writes the catalogue as constant C tables: builtin_catalogue and the
 * arrays it points to (io/builtin_data.h).  Any problem the loader or the
 * linker reports stops the build, named "file:line:column: field ...", and
 * nothing is written.
 *
 * The tables are written from the field descriptors below, one per member
 * of each struct of core/catalogue.h.  Before writing, the descriptors are
 * checked against the structs: a member without a descriptor (a field
 * added to struct model, say) leaves a hole in its struct's layout, and
 * the generator stops naming the struct and the bytes, so the compiled
 * catalogue never silently drops a field the loader fills.
 */
#include <math.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/catalogue.h"
#include "core/units.h"
#include "io/catalogue_load.h"
#include "io/yamltree.h"

enum kind {
	K_INT, /* int */
	K_UINT, /* unsigned */
	K_I64, /* int64_t */
	K_SIZE, /* size_t */
	K_UCHAR, /* unsigned char */
	K_BYTES, /* unsigned char[n] */
	K_FMT, /* enum ckpt_format, written as its value */
	K_KV, /* enum kv_dtype */
	K_DBL, /* double */
	K_STR, /* char *, NULL or a string */
	K_CHARS, /* char[n], a string */
	K_STRUCT, /* a struct member, described by sub */
	K_ARRAY /* pointer to count elements of elem (sub for structs) */
};

struct rec;

struct field {
	const char *name;
	size_t off, size, align;
	enum kind kind;
	const struct rec *sub; /* K_STRUCT, K_ARRAY of K_STRUCT */
	enum kind elem; /* K_ARRAY: K_STR, K_UCHAR or K_STRUCT */
	const char *count; /* K_ARRAY: the member holding the count; NULL:
			      one element (a pointer to a single struct) */
};

struct rec {
	const char *type; /* "struct gpu" */
	size_t size, align;
	const struct field *f;
	size_t n;
};

/* clang-format off */
#define MEMBER(t, m)	(((t *)0)->m)
#define FLD(t, m, k)	{ #m, offsetof(t, m), sizeof MEMBER(t, m), \
			  __alignof__(MEMBER(t, m)), k, NULL, K_INT, NULL }
#define SUB(t, m, r)	{ #m, offsetof(t, m), sizeof MEMBER(t, m), \
			  __alignof__(MEMBER(t, m)), K_STRUCT, &r, K_INT, NULL }
#define ARR(t, m, e, r, n) { #m, offsetof(t, m), sizeof MEMBER(t, m), \
			  __alignof__(MEMBER(t, m)), K_ARRAY, r, e, n }
#define REC(t, fs)	{ #t, sizeof(t), alignof(t), fs, sizeof fs / sizeof fs[0] }
/* clang-format on */

static const struct field mig_fields[] = {
	FLD(struct mig_profile, name, K_STR),
	FLD(struct mig_profile, max_count, K_INT),
	FLD(struct mig_profile, total_gib, K_DBL),
	FLD(struct mig_profile, sm_count, K_INT),
	FLD(struct mig_profile, source, K_STR),
};
static const struct rec mig_rec = REC(struct mig_profile, mig_fields);

static const struct field gpu_fields[] = {
	FLD(struct gpu, id, K_STR),
	FLD(struct gpu, name, K_STR),
	FLD(struct gpu, family, K_STR),
	FLD(struct gpu, source, K_STR),
	FLD(struct gpu, status, K_STR),
	FLD(struct gpu, memory_gb, K_DBL),
	FLD(struct gpu, nvidia_smi_mib, K_I64),
	FLD(struct gpu, cuda_total_gib, K_DBL),
	FLD(struct gpu, cuda_total_source, K_STR),
	FLD(struct gpu, bandwidth_gbs, K_DBL),
	FLD(struct gpu, compute_capability, K_DBL),
	FLD(struct gpu, fp8, K_INT),
	FLD(struct gpu, fp4, K_INT),
	FLD(struct gpu, unified, K_INT),
	FLD(struct gpu, unified_host_gib, K_DBL),
	FLD(struct gpu, nvlink_gbs, K_DBL),
	FLD(struct gpu, pcie_gbs, K_DBL),
	FLD(struct gpu, bf16_tflops, K_DBL),
	FLD(struct gpu, tdp_w, K_DBL),
	FLD(struct gpu, price_per_hour, K_DBL),
	FLD(struct gpu, price_date, K_STR),
	FLD(struct gpu, price_source, K_STR),
	ARR(struct gpu, mig, K_STRUCT, &mig_rec, "n_mig"),
	FLD(struct gpu, n_mig, K_SIZE),
};
static const struct rec gpu_rec = REC(struct gpu, gpu_fields);

static const struct field layer_fields[] = {
	FLD(struct layer_desc, mixer, K_UCHAR),
	FLD(struct layer_desc, ffn, K_UCHAR),
	FLD(struct layer_desc, k_eq_v, K_UCHAR),
	FLD(struct layer_desc, linear_mixer, K_UCHAR),
	FLD(struct layer_desc, linear_ffn, K_UCHAR),
	FLD(struct layer_desc, index_shared, K_UCHAR),
	FLD(struct layer_desc, parallel_attn, K_UCHAR),
	FLD(struct layer_desc, compress_ratio, K_UCHAR),
	FLD(struct layer_desc, heads, K_INT),
	FLD(struct layer_desc, kv_heads, K_INT),
	FLD(struct layer_desc, head_dim, K_INT),
	FLD(struct layer_desc, v_head_dim, K_INT),
	FLD(struct layer_desc, ffn_intermediate, K_INT),
};
static const struct rec layer_rec = REC(struct layer_desc, layer_fields);

static const struct field state_fields[] = {
	FLD(struct state_arch, mamba_heads, K_INT),
	FLD(struct state_arch, mamba_head_dim, K_INT),
	FLD(struct state_arch, n_groups, K_INT),
	FLD(struct state_arch, d_state, K_INT),
	FLD(struct state_arch, d_conv, K_INT),
	FLD(struct state_arch, mamba_intermediate, K_INT),
	FLD(struct state_arch, chunk_size, K_INT),
	FLD(struct state_arch, ssm_dtype_bytes, K_INT),
	FLD(struct state_arch, conv_dtype_bytes, K_INT),
	FLD(struct state_arch, ssm_hook, K_INT),
	FLD(struct state_arch, lin_k_heads, K_INT),
	FLD(struct state_arch, lin_v_heads, K_INT),
	FLD(struct state_arch, lin_k_dim, K_INT),
	FLD(struct state_arch, lin_v_dim, K_INT),
	FLD(struct state_arch, lin_conv, K_INT),
	FLD(struct state_arch, conv_l_cache, K_INT),
	FLD(struct state_arch, prefix_all, K_INT),
	FLD(struct state_arch, dt_rank, K_INT),
	FLD(struct state_arch, mamba_bias, K_INT),
	FLD(struct state_arch, conv_bias, K_INT),
};
static const struct rec state_rec = REC(struct state_arch, state_fields);

static const struct field dsv4_fields[] = {
	FLD(struct dsv4_arch, layers, K_INT),
	FLD(struct dsv4_arch, mtp_ratio, K_INT),
	FLD(struct dsv4_arch, o_groups, K_INT),
	FLD(struct dsv4_arch, o_lora, K_INT),
	FLD(struct dsv4_arch, hc_mult, K_INT),
	FLD(struct dsv4_arch, hash_layers, K_INT),
	FLD(struct dsv4_arch, fp4_experts, K_INT),
	FLD(struct dsv4_arch, rope_positions, K_I64),
};
static const struct rec dsv4_rec = REC(struct dsv4_arch, dsv4_fields);

static const struct field model_fields[] = {
	FLD(struct model, id, K_STR),
	FLD(struct model, name, K_STR),
	FLD(struct model, family, K_STR),
	FLD(struct model, architecture, K_STR),
	FLD(struct model, model_type, K_STR),
	FLD(struct model, source, K_STR),
	ARR(struct model, aliases, K_STR, NULL, "n_aliases"),
	FLD(struct model, n_aliases, K_SIZE),
	FLD(struct model, dtype_bytes, K_INT),
	FLD(struct model, dtype_is_fp16, K_INT),
	FLD(struct model, layers, K_INT),
	FLD(struct model, hidden, K_INT),
	FLD(struct model, heads, K_INT),
	FLD(struct model, kv_heads, K_INT),
	FLD(struct model, head_dim, K_INT),
	FLD(struct model, v_head_dim, K_INT),
	FLD(struct model, intermediate, K_INT),
	FLD(struct model, vocab, K_INT),
	FLD(struct model, max_position, K_I64),
	FLD(struct model, derived_max_len, K_I64),
	FLD(struct model, derived_key, K_STR),
	FLD(struct model, tie_embeddings, K_INT),
	FLD(struct model, qkv_bias, K_INT),
	FLD(struct model, bias_mask, K_INT),
	FLD(struct model, abs_positions, K_INT),
	FLD(struct model, sliding_window, K_INT),
	FLD(struct model, n_sliding, K_INT),
	FLD(struct model, n_chunked, K_INT),
	FLD(struct model, chunk_size, K_INT),
	ARR(struct model, layer_kind, K_UCHAR, NULL, "layers"),
	ARR(struct model, ld, K_STRUCT, &layer_rec, "layers"),
	FLD(struct model, n_state_layers, K_INT),
	FLD(struct model, n_nokv_layers, K_INT),
	SUB(struct model, st, state_rec),
	SUB(struct model, dsv4, dsv4_rec),
	FLD(struct model, index_head_dim, K_INT),
	FLD(struct model, index_n_heads, K_INT),
	FLD(struct model, index_topk, K_INT),
	FLD(struct model, mtp_layers, K_INT),
	FLD(struct model, mtp_shared_head, K_INT),
	FLD(struct model, draft_vocab, K_INT),
	FLD(struct model, target_hidden, K_INT),
	FLD(struct model, speculators_method, K_STR),
	FLD(struct model, speculators_tokens, K_INT),
	FLD(struct model, eagle_no_aux, K_INT),
	FLD(struct model, interleaved_swa, K_INT),
	FLD(struct model, attn_output_gate, K_INT),
	FLD(struct model, attn_head_gate, K_INT),
	FLD(struct model, ffn_ungated, K_INT),
	FLD(struct model, moe_latent, K_INT),
	FLD(struct model, moe_with_dense, K_INT),
	FLD(struct model, ple_hidden, K_INT),
	FLD(struct model, ple_vocab, K_INT),
	FLD(struct model, laurel_rank, K_INT),
	FLD(struct model, altup_inputs, K_INT),
	FLD(struct model, ple_proj_split, K_INT),
	FLD(struct model, ple_buffer, K_INT),
	FLD(struct model, mm_conv_encoder, K_INT),
	FLD(struct model, audio_params, K_DBL),
	FLD(struct model, audio_skip_since, K_INT),
	FLD(struct model, mm_audio_tokens, K_INT),
	FLD(struct model, audio_enc_hidden, K_INT),
	FLD(struct model, audio_enc_ffn, K_INT),
	FLD(struct model, audio_enc_positions, K_INT),
	FLD(struct model, audio_enc_split, K_INT),
	FLD(struct model, audio_enc_mask, K_INT),
	FLD(struct model, shared_blocks, K_INT),
	FLD(struct model, shared_attn_hidden, K_INT),
	FLD(struct model, adapter_rank, K_INT),
	FLD(struct model, shared_attn_adapter, K_INT),
	FLD(struct model, quant_group, K_INT),
	FLD(struct model, quant_zero_points, K_INT),
	FLD(struct model, quant_g_idx, K_INT),
	FLD(struct model, quant_skip, K_UINT),
	FLD(struct model, part_fmt, K_BYTES),
	FLD(struct model, lm_head_fmt, K_UCHAR),
	FLD(struct model, assumption, K_STR),
	FLD(struct model, refusal, K_STR),
	FLD(struct model, first_release, K_INT),
	FLD(struct model, last_release, K_INT),
	FLD(struct model, first_v0, K_INT),
	FLD(struct model, no_pp, K_INT),
	FLD(struct model, st_pooling, K_INT),
	FLD(struct model, num_labels, K_INT),
	FLD(struct model, files_lm_head, K_INT),
	FLD(struct model, lm_head_fp32, K_INT),
	FLD(struct model, router_fp32, K_INT),
	FLD(struct model, rope_fp32, K_INT),
	FLD(struct model, rope_upto_len, K_INT),
	FLD(struct model, mla, K_INT),
	FLD(struct model, mla_mha, K_INT),
	FLD(struct model, kv_lora_rank, K_INT),
	FLD(struct model, q_lora_rank, K_INT),
	FLD(struct model, qk_rope_head_dim, K_INT),
	FLD(struct model, qk_nope_head_dim, K_INT),
	FLD(struct model, n_experts, K_INT),
	FLD(struct model, experts_per_tok, K_INT),
	FLD(struct model, moe_intermediate, K_INT),
	FLD(struct model, n_expert_group, K_INT),
	FLD(struct model, n_shared_experts, K_INT),
	FLD(struct model, shared_intermediate, K_INT),
	FLD(struct model, first_dense_layers, K_INT),
	FLD(struct model, moe_layer_step, K_INT),
	FLD(struct model, dense_intermediate, K_INT),
	FLD(struct model, rotary_dim, K_INT),
	FLD(struct model, rope_cache_len, K_I64),
	FLD(struct model, rope2_dim, K_INT),
	FLD(struct model, rope2_len, K_I64),
	FLD(struct model, multimodal, K_INT),
	FLD(struct model, vision_params, K_DBL),
	FLD(struct model, vision_repl_params, K_DBL),
	FLD(struct model, mm_tokens_per_item, K_INT),
	FLD(struct model, mm_tiles, K_INT),
	FLD(struct model, vision_hidden, K_INT),
	FLD(struct model, vision_layers, K_INT),
	FLD(struct model, vision_intermediate, K_INT),
	FLD(struct model, vision_deepstack, K_INT),
	FLD(struct model, vision_patch, K_INT),
	FLD(struct model, vision_merge, K_INT),
	FLD(struct model, vision_image_size, K_INT),
	FLD(struct model, mm_rule, K_INT),
	FLD(struct model, mm_video_tokens, K_INT),
	FLD(struct model, mm_video_patches, K_INT),
	FLD(struct model, mm_old_until, K_INT),
	FLD(struct model, mm_old_image_size, K_INT),
	FLD(struct model, mm_old_tokens, K_INT),
	FLD(struct model, enc_layers, K_INT),
	FLD(struct model, enc_heads, K_INT),
	FLD(struct model, enc_intermediate, K_INT),
	FLD(struct model, enc_positions, K_INT),
	FLD(struct model, enc_mel_bins, K_INT),
	FLD(struct model, encoder_only, K_INT),
	FLD(struct model, type_vocab, K_INT),
	FLD(struct model, enc_labels, K_INT),
	FLD(struct model, enc_linear_bias, K_INT),
	FLD(struct model, enc_norm_bias, K_INT),
	FLD(struct model, enc_up_nobias, K_INT),
	FLD(struct model, enc_rope_tables, K_INT),
	FLD(struct model, enc_head_bias, K_INT),
	FLD(struct model, native_format, K_FMT),
	FLD(struct model, native_kv, K_KV),
	FLD(struct model, native_kv_ct, K_INT),
	FLD(struct model, params_b, K_DBL),
	FLD(struct model, default_checkpoint, K_STR),
};
static const struct rec model_rec = REC(struct model, model_fields);

static const struct field ckpt_fields[] = {
	FLD(struct checkpoint, id, K_STR),
	FLD(struct checkpoint, model_id, K_STR),
	FLD(struct checkpoint, producer, K_STR),
	FLD(struct checkpoint, source, K_STR),
	FLD(struct checkpoint, status, K_STR),
	FLD(struct checkpoint, format, K_FMT),
	FLD(struct checkpoint, loaded_gib, K_DBL),
	FLD(struct checkpoint, size_bytes, K_I64),
	FLD(struct checkpoint, kv, K_KV),
	FLD(struct checkpoint, model_index, K_INT),
	/* one model or NULL: an array without a count member */
	ARR(struct checkpoint, arch, K_STRUCT, &model_rec, NULL),
};
static const struct rec ckpt_rec = REC(struct checkpoint, ckpt_fields);

static const struct field coeff_fields[] = {
	FLD(struct coeff_set, from_version, K_INT),
	FLD(struct coeff_set, sampler_bytes_per_logit, K_DBL),
	FLD(struct coeff_set, sampler_native_bytes_per_logit, K_DBL),
	FLD(struct coeff_set, sampler_flashinfer_bytes_per_logit, K_DBL),
	FLD(struct coeff_set, forward_bytes_per_token_hidden, K_DBL),
	FLD(struct coeff_set, forward_bytes_per_token_inter, K_DBL),
	FLD(struct coeff_set, moe_bytes_per_token_expert_inter, K_DBL),
	FLD(struct coeff_set, activation_base_gib, K_DBL),
	FLD(struct coeff_set, non_torch_tp1_gib, K_DBL),
	FLD(struct coeff_set, non_torch_tp_gib, K_DBL),
	FLD(struct coeff_set, cg_base_gib, K_DBL),
	FLD(struct coeff_set, cg_per_layer_gib, K_DBL),
	FLD(struct coeff_set, cg_moe_factor, K_DBL),
	FLD(struct coeff_set, cg_mamba_moe_factor, K_DBL),
	FLD(struct coeff_set, cg_mamba_piece_weight, K_DBL),
	FLD(struct coeff_set, cg_tp_exponent, K_DBL),
	FLD(struct coeff_set, non_torch_pp_gib, K_DBL),
	FLD(struct coeff_set, cuda_context_gib, K_DBL),
	FLD(struct coeff_set, cuda_context_tp_gib, K_DBL),
	FLD(struct coeff_set, cuda_context_tp_moe_gib, K_DBL),
	FLD(struct coeff_set, cuda_context_pp_gib, K_DBL),
	FLD(struct coeff_set, cuda_context_pcie_gib, K_DBL),
	FLD(struct coeff_set, sampler_warmup_fraction, K_DBL),
	FLD(struct coeff_set, mxfp4_moe_warmup_bytes_per_logit, K_DBL),
	FLD(struct coeff_set, encoder_bytes_per_token, K_DBL),
	FLD(struct coeff_set, source, K_STR),
};
static const struct rec coeff_rec = REC(struct coeff_set, coeff_fields);

static const struct field kv_error_fields[] = {
	FLD(struct kv_error, family, K_STR),
	FLD(struct kv_error, kv_error_pct, K_DBL),
	FLD(struct kv_error, cases, K_INT),
	FLD(struct kv_error, source, K_STR),
};
static const struct rec kv_error_rec = REC(struct kv_error, kv_error_fields);

static const struct field speed_fields[] = {
	FLD(struct speed_coeffs, loaded, K_INT),
	FLD(struct speed_coeffs, decode_bandwidth_efficiency, K_DBL),
	FLD(struct speed_coeffs, prefill_compute_efficiency, K_DBL),
	FLD(struct speed_coeffs, link_efficiency, K_DBL),
	FLD(struct speed_coeffs, allreduce_latency_nvlink_us, K_DBL),
	FLD(struct speed_coeffs, allreduce_latency_pcie_us, K_DBL),
	FLD(struct speed_coeffs, allreduces_per_layer, K_DBL),
	FLD(struct speed_coeffs, fp8_compute_factor, K_DBL),
	FLD(struct speed_coeffs, fp4_compute_factor, K_DBL),
	FLD(struct speed_coeffs, source, K_CHARS),
};
static const struct rec speed_rec = REC(struct speed_coeffs, speed_fields);

static const struct field node_fields[] = {
	FLD(struct node, id, K_STR),
	FLD(struct node, name, K_STR),
	FLD(struct node, gpu_id, K_STR),
	FLD(struct node, inter_node, K_STR),
	FLD(struct node, source, K_STR),
	FLD(struct node, status, K_STR),
	FLD(struct node, gpu, K_INT),
	FLD(struct node, gpus_per_node, K_INT),
	FLD(struct node, nvlink_domain, K_INT),
	FLD(struct node, intra_gbs, K_DBL),
	FLD(struct node, inter_gbs, K_DBL),
	FLD(struct node, price_per_hour, K_DBL),
	FLD(struct node, price_date, K_STR),
	FLD(struct node, price_source, K_STR),
};
static const struct rec node_rec = REC(struct node, node_fields);

static const struct field currency_fields[] = {
	FLD(struct price_currency, code, K_CHARS),
	FLD(struct price_currency, rate, K_DBL),
	FLD(struct price_currency, date, K_CHARS),
};
static const struct rec currency_rec =
    REC(struct price_currency, currency_fields);

static const struct field catalogue_fields[] = {
	ARR(struct catalogue, gpus, K_STRUCT, &gpu_rec, "n_gpus"),
	FLD(struct catalogue, n_gpus, K_SIZE),
	ARR(struct catalogue, nodes, K_STRUCT, &node_rec, "n_nodes"),
	FLD(struct catalogue, n_nodes, K_SIZE),
	ARR(struct catalogue, models, K_STRUCT, &model_rec, "n_models"),
	FLD(struct catalogue, n_models, K_SIZE),
	ARR(struct catalogue, ckpts, K_STRUCT, &ckpt_rec, "n_ckpts"),
	FLD(struct catalogue, n_ckpts, K_SIZE),
	ARR(struct catalogue, coeffs, K_STRUCT, &coeff_rec, "n_coeffs"),
	FLD(struct catalogue, n_coeffs, K_SIZE),
	FLD(struct catalogue, coeff_source, K_STR),
	ARR(struct catalogue, kv_errors, K_STRUCT, &kv_error_rec,
	    "n_kv_errors"),
	FLD(struct catalogue, n_kv_errors, K_SIZE),
	SUB(struct catalogue, speed, speed_rec),
	SUB(struct catalogue, currency, currency_rec),
};
static const struct rec catalogue_rec = REC(struct catalogue, catalogue_fields);

static const struct rec *const all_recs[] = {
	&mig_rec,
	&gpu_rec,
	&layer_rec,
	&state_rec,
	&model_rec,
	&ckpt_rec,
	&coeff_rec,
	&kv_error_rec,
	&speed_rec,
	&node_rec,
	&currency_rec,
	&catalogue_rec,
};

static int
cmp_off(const void *a, const void *b)
{
	const struct field *x = *(const struct field *const *)a;
	const struct field *y = *(const struct field *const *)b;

	return x->off < y->off ? -1 : x->off > y->off;
}

/*
 * The descriptors of r cover every byte of its struct but the padding the
 * alignment of the next member (or of the struct, at the end) needs.
 * Returns 0, or -1 with the hole on stderr.
 */
static int
check_rec(const struct rec *r)
{
	const struct field *sorted[256];
	size_t i, end = 0;

	if (r->n > sizeof sorted / sizeof sorted[0]) {
		fprintf(stderr, "catalogue_gen: %s: too many members\n",
		    r->type);
		return -1;
	}
	for (i = 0; i < r->n; i++)
		sorted[i] = &r->f[i];
	qsort(sorted, r->n, sizeof sorted[0], cmp_off);
	for (i = 0; i <= r->n; i++) {
		size_t off = i < r->n ? sorted[i]->off : r->size;
		size_t al = i < r->n ? sorted[i]->align : r->align;
		size_t want = (end + al - 1) / al * al;

		if (off != want) {
			fprintf(stderr,
			    "catalogue_gen: %s: bytes %zu to %zu (before %s) "
			    "have no descriptor: a member was added to "
			    "core/catalogue.h; describe it in "
			    "src/gen/catalogue_gen.c\n",
			    r->type, end, off,
			    i < r->n ? sorted[i]->name : "the end");
			return -1;
		}
		if (i < r->n)
			end = off + sorted[i]->size;
	}
	return 0;
}

static const struct field *
find_field(const struct rec *r, const char *name)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		if (strcmp(r->f[i].name, name) == 0)
			return &r->f[i];
	fprintf(stderr, "catalogue_gen: %s has no member %s\n", r->type, name);
	exit(1);
}

static size_t
array_count(const struct rec *r, const void *obj, const struct field *f)
{
	const struct field *cf;
	const char *p;
	int v;

	if (f->count == NULL)
		return 1;
	cf = find_field(r, f->count);
	p = (const char *)obj + cf->off;

	if (cf->kind == K_SIZE)
		return *(const size_t *)p;
	v = *(const int *)p;
	return v > 0 ? (size_t)v : 0;
}

static const void *
array_ptr(const void *obj, const struct field *f)
{
	return *(const void *const *)((const char *)obj + f->off);
}

/* A C string literal of s: escapes, octal for bytes outside ASCII's
 * printable range, and no "??" a trigraph could read. */
static void
put_string(FILE *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	fputc('"', out);
	for (; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(out, "\\%c", *p);
		else if (*p == '\n')
			fputs("\\n", out);
		else if (*p == '\t')
			fputs("\\t", out);
		else if (*p == '?' && p[1] == '?')
			fputs("?\\", out);
		else if (*p < 0x20 || *p >= 0x7f)
			fprintf(out, "\\%03o", *p);
		else
			fputc(*p, out);
	}
	fputc('"', out);
}

/* The shortest decimal that reads back as the same double (C locale). */
static void
put_double(FILE *out, double v)
{
	char buf[40];
	int prec;

	if (!isfinite(v)) {
		fprintf(stderr, "catalogue_gen: a figure is not finite\n");
		exit(1);
	}
	for (prec = 1; prec <= 17; prec++) {
		units_snprintf(buf, sizeof buf, "%.*g", prec, v);
		if (units_strtod(buf, NULL) == v)
			break;
	}
	/* a double constant, not an int one: 1 -> 1.0 */
	fprintf(out, "%s%s", buf, strpbrk(buf, ".en") ? "" : ".0");
}

static int
is_zero(const void *p, size_t n)
{
	const unsigned char *b = p;
	size_t i;

	for (i = 0; i < n; i++)
		if (b[i] != 0)
			return 0;
	return 1;
}

static const char *
elem_type(const struct field *f)
{
	return f->elem == K_STR  ? "char *"
	    : f->elem == K_UCHAR ? "unsigned char"
				 : f->sub->type;
}

static void put_record(FILE *out, const struct rec *r, const void *obj,
    const char *prefix, int depth);

/*
 * Writes the arrays obj's members point to, innermost first, named
 * PREFIX_MEMBER ("gpus12_mig").
 */
static void
put_arrays(FILE *out, const struct rec *r, const void *obj, const char *prefix)
{
	size_t i, j, n;
	char name[256], sub[300];

	for (i = 0; i < r->n; i++) {
		const struct field *f = &r->f[i];
		const void *arr;

		if (f->kind == K_STRUCT) {
			snprintf(name, sizeof name, "%s_%s", prefix, f->name);
			put_arrays(out, f->sub, (const char *)obj + f->off,
			    name);
		}
		if (f->kind != K_ARRAY || (arr = array_ptr(obj, f)) == NULL)
			continue;
		n = array_count(r, obj, f);
		snprintf(name, sizeof name, "%s%s%s", prefix,
		    *prefix ? "_" : "", f->name);
		if (f->elem == K_STRUCT)
			for (j = 0; j < n; j++) {
				snprintf(sub, sizeof sub, "%s%zu", name, j);
				put_arrays(out, f->sub,
				    (const char *)arr + j * f->sub->size, sub);
			}
		fprintf(out, "static const %s%s%s[] = {\n", elem_type(f),
		    f->elem == K_STR ? "const " : " ", name);
		/* a present array has one element at least (zero layers) */
		for (j = 0; j < (n > 0 ? n : 1); j++) {
			if (f->elem == K_STR) {
				const char *s =
				    n > 0 ? ((char *const *)arr)[j] : NULL;

				fputc('\t', out);
				if (s != NULL)
					put_string(out, s);
				else
					fputs("NULL", out);
				fputs(",\n", out);
			} else if (f->elem == K_UCHAR) {
				fprintf(out, "%s%u,%s",
				    j % 16 == 0 ? "\t" : " ",
				    n > 0 ? ((const unsigned char *)arr)[j] : 0,
				    j % 16 == 15 || j + 1 >= n ? "\n" : "");
			} else {
				snprintf(sub, sizeof sub, "%s%zu", name, j);
				fputc('\t', out);
				put_record(out, f->sub,
				    n > 0 ? (const char *)arr + j * f->sub->size
					  : NULL,
				    sub, 1);
				fputs(",\n", out);
			}
		}
		fputs("};\n", out);
	}
}

static void
indent(FILE *out, int depth)
{
	while (depth-- > 0)
		fputc('\t', out);
}

/* The opening brace of obj's initializer, with its id as a comment
 * unless the id could end one. */
static void
put_record_open(FILE *out, const struct rec *r, const void *obj)
{
	const struct field *idf = NULL;
	const char *id;
	size_t i;

	fputc('{', out);
	for (i = 0; i < r->n; i++)
		if (strcmp(r->f[i].name, "id") == 0 && r->f[i].kind == K_STR)
			idf = &r->f[i];
	if (obj != NULL && idf != NULL && (id = array_ptr(obj, idf)) != NULL &&
	    strstr(id, "*/") == NULL && strstr(id, "??") == NULL &&
	    strpbrk(id, "\\\n") == NULL)
		fprintf(out, "\t/* %s */", id);
	fputc('\n', out);
}

/* The value of field f of a record of r at p; prefix names the record's
 * arrays, depth its indent. */
static void
put_field(FILE *out, const struct rec *r, const struct field *f, const char *p,
    const char *prefix, int depth)
{
	char name[256];
	size_t j;

	switch (f->kind) {
	case K_INT: fprintf(out, "%d", *(const int *)p); break;
	case K_FMT:
		fprintf(out, "%d /* %s */", (int)*(const enum ckpt_format *)p,
		    ckpt_format_name(*(const enum ckpt_format *)p));
		break;
	case K_KV:
		fprintf(out, "%d /* %s */", (int)*(const enum kv_dtype *)p,
		    kv_dtype_name(*(const enum kv_dtype *)p));
		break;
	case K_UINT: fprintf(out, "%uu", *(const unsigned *)p); break;
	case K_I64:
		fprintf(out, "INT64_C(%lld)", (long long)*(const int64_t *)p);
		break;
	case K_SIZE: fprintf(out, "%zu", *(const size_t *)p); break;
	case K_UCHAR: fprintf(out, "%u", *(const unsigned char *)p); break;
	case K_BYTES:
		fputc('{', out);
		for (j = 0; j < f->size; j++)
			fprintf(out, "%s%u", j ? ", " : " ",
			    ((const unsigned char *)p)[j]);
		fputs(" }", out);
		break;
	case K_DBL: put_double(out, *(const double *)p); break;
	case K_STR: put_string(out, *(char *const *)p); break;
	case K_CHARS:
		if (memchr(p, '\0', f->size) == NULL) {
			fprintf(stderr,
			    "catalogue_gen: %s: %s is not terminated\n",
			    r->type, f->name);
			exit(1);
		}
		put_string(out, p);
		break;
	case K_STRUCT:
		snprintf(name, sizeof name, "%s_%s", prefix, f->name);
		put_record(out, f->sub, p, name, depth + 1);
		break;
	case K_ARRAY:
		snprintf(name, sizeof name, "%s%s%s", prefix,
		    *prefix ? "_" : "", f->name);
		/* the tables are constant; the catalogue's pointers are not,
		 * and catalogue_load_copy() only reads through them */
		fprintf(out, "(%s%s*)%s", elem_type(f),
		    f->elem == K_STR ? "" : " ", name);
		break;
	}
}

/* An initializer of obj (NULL: all zero), its nonzero members only. */
static void
put_record(FILE *out, const struct rec *r, const void *obj, const char *prefix,
    int depth)
{
	size_t i, written = 0;

	put_record_open(out, r, obj);
	for (i = 0; obj != NULL && i < r->n; i++) {
		const struct field *f = &r->f[i];
		const char *p = (const char *)obj + f->off;

		if (is_zero(p, f->size))
			continue;
		written++;
		indent(out, depth + 1);
		fprintf(out, ".%s = ", f->name);
		put_field(out, r, f, p, prefix, depth);
		fputs(",\n", out);
	}
	if (written == 0) {
		indent(out, depth + 1);
		fputs("0\n", out);
	}
	indent(out, depth);
	fputc('}', out);
}

static int problems;

/* the link problems already reported with their file and line */
static char placed[64][512];
static size_t n_placed;

static void
diag(void *ctx, const char *msg)
{
	(void)ctx;
	fprintf(stderr, "%s\n", msg);
	problems++;
}

/* A problem of catalogue_link() not already reported with its place. */
static void
link_diag(void *ctx, const char *msg)
{
	size_t i;

	for (i = 0; i < n_placed; i++)
		if (strstr(placed[i], msg) != NULL)
			return;
	diag(ctx, msg);
}

static void
place(const char *file, const cJSON *e, const char *key, const char *msg)
{
	int line, col;

	yamltree_pos(e, key, &line, &col);
	if (n_placed < sizeof placed / sizeof placed[0])
		snprintf(placed[n_placed++], sizeof placed[0], "%s:%d:%d: %s",
		    file, line, col, msg);
	fprintf(stderr, "%s:%d:%d: %s\n", file, line, col, msg);
	problems++;
}

/*
 * The links catalogue_link() makes, checked where the file names them, so
 * that a checkpoint of an unknown model or a node of an unknown card is
 * reported as file:line:column too.
 */
static void
check_links(const struct catalogue *c, const char *file)
{
	const cJSON *sec, *e;
	char err[512], msg[400];
	cJSON *root = yamltree_load(file, err, sizeof err);

	if (root == NULL)
		return; /* the loader has reported it */
	sec = cJSON_GetObjectItemCaseSensitive(root, "checkpoints");
	if (!cJSON_IsArray(sec))
		sec = NULL;
	cJSON_ArrayForEach(e, sec) {
		const cJSON *id = cJSON_GetObjectItemCaseSensitive(e, "id");
		const cJSON *m = cJSON_GetObjectItemCaseSensitive(e, "model");

		if (cJSON_IsString(id) && cJSON_IsString(m) &&
		    catalogue_find_model(c, m->valuestring) < 0) {
			snprintf(msg, sizeof msg,
			    "checkpoint '%s': model '%s' is "
			    "not in the catalogue",
			    id->valuestring, m->valuestring);
			place(file, e, "model", msg);
		}
	}
	sec = cJSON_GetObjectItemCaseSensitive(root, "nodes");
	if (!cJSON_IsArray(sec))
		sec = NULL;
	cJSON_ArrayForEach(e, sec) {
		const cJSON *id = cJSON_GetObjectItemCaseSensitive(e, "id");
		const cJSON *g = cJSON_GetObjectItemCaseSensitive(e, "gpu");

		if (cJSON_IsString(id) && cJSON_IsString(g) &&
		    catalogue_find_gpu(c, g->valuestring) < 0) {
			snprintf(msg, sizeof msg,
			    "node '%s': card '%s' is not in "
			    "the catalogue",
			    id->valuestring, g->valuestring);
			place(file, e, "gpu", msg);
		}
	}
	cJSON_Delete(root);
}

int
main(int argc, char **argv)
{
	struct catalogue c;
	size_t i;
	int a;

	if (argc < 2) {
		fprintf(stderr,
		    "usage: catalogue_gen FILE.yaml... > builtin_data.c\n");
		return 2;
	}
	for (i = 0; i < sizeof all_recs / sizeof all_recs[0]; i++)
		if (check_rec(all_recs[i]) != 0)
			problems++;
	if (problems > 0)
		return 1;
	memset(&c, 0, sizeof c);
	for (a = 1; a < argc; a++)
		catalogue_load_file(&c, argv[a], diag, NULL);
	for (a = 1; a < argc; a++)
		check_links(&c, argv[a]);
	catalogue_link(&c, link_diag, NULL);
	if (problems > 0) {
		fprintf(stderr,
		    "catalogue_gen: %d problem%s in the built-in "
		    "catalogue; nothing written\n",
		    problems, problems > 1 ? "s" : "");
		catalogue_done(&c);
		return 1;
	}
	printf("/* Generated by src/gen/catalogue_gen.c from");
	for (a = 1; a < argc; a++)
		printf(" %s", argv[a]);
	printf("; do not edit. */\n#include <stddef.h>\n#include <stdint.h>\n\n"
	       "#include \"io/builtin_data.h\"\n\n");
	put_arrays(stdout, &catalogue_rec, &c, "");
	printf("\nconst struct catalogue builtin_catalogue = ");
	put_record(stdout, &catalogue_rec, &c, "", 0);
	printf(";\n\nconst char *const builtin_catalogue_files[] = {\n");
	for (a = 1; a < argc; a++) {
		fputc('\t', stdout);
		put_string(stdout, argv[a]);
		fputs(",\n", stdout);
	}
	printf("};\nconst size_t builtin_catalogue_n_files = %d;\n", argc - 1);
	catalogue_done(&c);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("catalogue_gen: writing");
		return 1;
	}
	return 0;
}

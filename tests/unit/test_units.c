/*
 * test_units.c - vLLM's number formats and human-readable integers.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "core/units.h"
#include "core/vllm_version.h"

Test(units, format_gib_matches_python_repr)
{
	char b[32];

	cr_assert_str_eq(units_format_gib_value(72.845000001, b, sizeof b),
	    "72.85");
	cr_assert_str_eq(units_format_gib_value(14.0, b, sizeof b), "14.0");
	cr_assert_str_eq(units_format_gib_value(0.5, b, sizeof b), "0.5");
	cr_assert_str_eq(units_format_gib_value(-0.19, b, sizeof b), "-0.19");
	cr_assert_str_eq(units_format_gib_value(128.25, b, sizeof b), "128.25");
	cr_assert_str_eq(units_format_gib((int64_t)20 << 30, b, sizeof b),
	    "20.0");
	cr_assert_str_eq(units_format_gib(0, b, sizeof b), "0.0");
}

Test(units, pyfloat_and_commas)
{
	char b[32];

	cr_assert_str_eq(units_format_pyfloat(0.92, b, sizeof b), "0.92");
	cr_assert_str_eq(units_format_pyfloat(0.9, b, sizeof b), "0.9");
	cr_assert_str_eq(units_format_pyfloat(1.0, b, sizeof b), "1.0");
	cr_assert_str_eq(units_format_commas(456816, b, sizeof b), "456,816");
	cr_assert_str_eq(units_format_commas(131072, b, sizeof b), "131,072");
	cr_assert_str_eq(units_format_commas(999, b, sizeof b), "999");
	cr_assert_str_eq(units_format_commas(-1234567, b, sizeof b),
	    "-1,234,567");
}

Test(units, plurals_and_articles_for_numbers)
{
	cr_assert_str_eq(units_plural(1), "");
	cr_assert_str_eq(units_plural(0), "s");
	cr_assert_str_eq(units_plural(2), "s");
	cr_assert_str_eq(units_article(8192), "an", "an 8,192-token prompt");
	cr_assert_str_eq(units_article(8), "an");
	cr_assert_str_eq(units_article(80), "an");
	cr_assert_str_eq(units_article(11000), "an", "eleven thousand");
	cr_assert_str_eq(units_article(18432), "an");
	cr_assert_str_eq(units_article(131072), "a");
	cr_assert_str_eq(units_article(110), "a", "one hundred ten");
	cr_assert_str_eq(units_article(4096), "a");
	cr_assert_str_eq(units_article(800000), "an");
}

/* The one checked conversion from a file's number to an integer. */
Test(units, checked_int_refuses_what_does_not_fit)
{
	char why[160];
	int64_t n = -7;

	cr_assert_eq(units_checked_int(32, 1, 100000, &n, why, sizeof why), 0);
	cr_assert_eq(n, 32);
	cr_assert_eq(units_checked_int(4294967328.0, 1, 100000, &n, why,
			 sizeof why),
	    -1);
	cr_assert_str_eq(why, "4294967328 is out of range (1..100000)");
	cr_assert_eq(units_checked_int(1e300, 1, 100000, &n, why, sizeof why),
	    -1);
	cr_assert_str_eq(why, "1e+300 is out of range (1..100000)");
	cr_assert_eq(units_checked_int(INFINITY, 1, INT64_MAX, &n, why,
			 sizeof why),
	    -1);
	cr_assert_str_eq(why, "inf is out of range (1..9223372036854775807)");
	cr_assert_eq(units_checked_int(NAN, 0, 1, &n, why, sizeof why), -1);
	/* 2^63 rounds to INT64_MAX as a double: refused, not cast */
	cr_assert_eq(units_checked_int(9223372036854775808.0, 0, INT64_MAX, &n,
			 why, sizeof why),
	    -1);
	cr_assert_eq(units_checked_int(-9223372036854775808.0, INT64_MIN, 0, &n,
			 why, sizeof why),
	    0);
	cr_assert_eq(n, INT64_MIN);
	cr_assert_eq(units_checked_int(32.5, 1, 100, &n, why, sizeof why), -1);
	cr_assert_str_eq(why, "32.5 is not a whole number");
	cr_assert_eq(units_checked_int(-1, 0, 10, &n, why, sizeof why), -1);
	cr_assert_str_eq(why, "-1 is out of range (0..10)");
	cr_assert_eq(units_checked_real(0.5, 0, 1, why, sizeof why), 0);
	cr_assert_eq(units_checked_real(1e30, 0, 1, why, sizeof why), -1);
	cr_assert_str_eq(why, "1e+30 is out of range (0..1)");
}

Test(units, human_readable_ints_like_vllm)
{
	int64_t v;

	cr_assert_eq(units_parse_human_int("32k", &v), 0);
	cr_assert_eq(v, 32000);
	cr_assert_eq(units_parse_human_int("32K", &v), 0);
	cr_assert_eq(v, 32768);
	cr_assert_eq(units_parse_human_int("20G", &v), 0);
	cr_assert_eq(v, (int64_t)20 << 30);
	cr_assert_eq(units_parse_human_int("20g", &v), 0);
	cr_assert_eq(v, 20000000000LL);
	cr_assert_eq(units_parse_human_int("25.6k", &v), 0);
	cr_assert_eq(v, 25600);
	cr_assert_eq(units_parse_human_int("8192", &v), 0);
	cr_assert_eq(v, 8192);
	/* decimals are not allowed with binary suffixes */
	cr_assert_eq(units_parse_human_int("1.5G", &v), -1);
	cr_assert_eq(units_parse_human_int("abc", &v), -1);
	cr_assert_eq(units_parse_human_int("", &v), -1);
	cr_assert_eq(units_parse_human_int("99999999999999999999999", &v), -1);
}

Test(versions, parse_and_traits)
{
	struct vllm_traits t;
	int v;

	cr_assert_eq(vllm_version_parse("0.19.0", &v), 0);
	cr_assert_eq(v, VLLM_VER(0, 19, 0));
	cr_assert_eq(vllm_version_parse("v0.10.1.1", &v), 0);
	cr_assert_eq(v, VLLM_VER(0, 10, 1));
	cr_assert_eq(vllm_version_parse("0.15.0 (from run name)", &v), 0);
	cr_assert_eq(v, VLLM_VER(0, 15, 0));
	cr_assert_eq(vllm_version_parse("banana", &v), -1);
	vllm_traits_get(VLLM_VER(0, 19, 0), &t);
	cr_assert_float_eq(t.default_util, 0.9, 1e-9);
	cr_assert_eq(t.cg_in_budget, 0);
	vllm_traits_get(VLLM_VER(0, 20, 0), &t);
	cr_assert_float_eq(t.default_util, 0.92, 1e-9);
	cr_assert_eq(t.cg_in_budget, 1);
}

/*
 * Round once: the number a JSON report writes is the one the text prints.
 * 0.125 and 0.625 GiB are exact ties; Python's round() (vLLM's format_gib)
 * and "%.2f" give 0.12 and 0.62, where round(x * 100) / 100 gave 0.13, 0.63.
 */
Test(units, numbers_are_what_the_text_says)
{
	char b[32];

	cr_assert_str_eq(units_format_gib(GIB / 8, b, sizeof b), "0.12");
	cr_assert(units_gib2(GIB / 8) == 0.12);
	cr_assert_str_eq(units_format_gib(5 * GIB / 8, b, sizeof b), "0.62");
	cr_assert(units_gib2(5 * GIB / 8) == 0.62);
	cr_assert(units_gib2((int64_t)(15.7251 * GIB)) == 15.73);
	cr_assert(units_round2(0.125) == 0.12);
	cr_assert(units_round2(3.14159) == 3.14);
}

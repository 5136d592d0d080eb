/*
 * fuzz_log.c - a vLLM startup log as `headroom --calibrate LOG` reads
 * it: vllmlog_parse(), the calibration's command line from the log's
 * non-default args (calibration_cli), the plan and the calibration report.
 */
#include "fuzz.h"

#include <stdlib.h>

#include "core/plan.h"
#include "io/calibration.h"
#include "io/vllmlog.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct catalogue *cat = fuzz_catalogue();
	char *text = fuzz_cstring(data, size);
	char *argv[] = { "headroom", "--calibrate", "fuzz.log", NULL };
	char err[1024], note[1024], miss[512];
	struct calibration k;
	struct vllm_log log;
	struct cli c;
	struct plan p;

	if (vllmlog_parse(text, size, &log, err, sizeof err) != 0) {
		free(text);
		return 0;
	}
	vllmlog_missing(&log, miss, sizeof miss);
	if (calibration_cli(cat, &log, 3, argv, &c, note, sizeof note, err,
		sizeof err) == 0 &&
	    cli_resolve(cat, &c, err, sizeof err) == 0) {
		plan_compute(cat, &c.imp.in, &p);
		free(calibration_report(cat, &log, &c.imp.in, &p, "fuzz.log",
		    note, false));
		free(calibration_report(cat, &log, &c.imp.in, &p, "fuzz.log",
		    note, true));
		calibration_from_log(cat, &log, &c.imp.in, &p, "fuzz.log", &k);
	}
	cli_done(&c);
	vllmlog_done(&log);
	free(text);
	return 0;
}

/*
 * report_format.h - the formats a report is written in (--report).
 */
#ifndef HEADROOM_REPORT_FORMAT_H
#define HEADROOM_REPORT_FORMAT_H

enum report_format {
	REPORT_NONE,
	REPORT_TEXT,
	REPORT_JSON,
	REPORT_MARKDOWN
};

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What every Check test program does in main: run its suites and turn the
 * result into the exit status.
 */
#ifndef CHECK_RUNNER_H
#define CHECK_RUNNER_H

#include <check.h>

#include <stddef.h>

/* Runs the n suites with the fork mode fork (CK_FORK_GETENV: Check's
 * CK_FORK variable decides) and Check's other variables (CK_RUN_CASE,
 * CK_EXCLUDE_TAGS, ...); returns EXIT_SUCCESS if every test passed,
 * EXIT_FAILURE otherwise. */
int check_run(enum fork_status fork, Suite *const suites[], size_t n);

#endif /* CHECK_RUNNER_H */

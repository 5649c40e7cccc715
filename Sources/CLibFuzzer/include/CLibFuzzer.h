// libFuzzer's driver, for a fuzz target with a main of its own (Sources/SceneFuzzer). The symbol
// exists only in binaries linked with -sanitize=fuzzer; only code built with -DFUZZING calls it.
#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif

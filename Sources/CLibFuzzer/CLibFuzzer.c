// Declarations only: see include/CLibFuzzer.h.
#include "CLibFuzzer.h"

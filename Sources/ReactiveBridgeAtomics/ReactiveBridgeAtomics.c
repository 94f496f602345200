// The functions are static inline in the header; this file gives the target a translation unit.
#include "ReactiveBridgeAtomics.h"

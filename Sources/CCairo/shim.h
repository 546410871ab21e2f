#ifndef RANGEPIPE_CCAIRO_SHIM_H
#define RANGEPIPE_CCAIRO_SHIM_H
#include <cairo/cairo.h>
#endif

#ifndef RANGEPIPE_CZLIB_SHIM_H
#define RANGEPIPE_CZLIB_SHIM_H
#include <zlib.h>
#endif

#ifndef RANGEPIPE_CLIBCSV_SHIM_H
#define RANGEPIPE_CLIBCSV_SHIM_H
#include <stdio.h>
#include <csv.h>
#endif

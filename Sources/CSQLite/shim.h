#ifndef RANGEPIPE_CSQLITE_SHIM_H
#define RANGEPIPE_CSQLITE_SHIM_H
#include <sqlite3.h>
/* SQLITE_TRANSIENT is a cast macro Swift cannot import. */
static inline sqlite3_destructor_type rangepipe_sqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif

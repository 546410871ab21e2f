/* Seeded benchmark data: gen ts|num|ts-ndjson|num-ndjson ROWS FILE [SERIES [STEP_MS]]
   Row i is at 2024-01-01 + i * STEP_MS ms (default 10; ts: ISO-8601 with ms,
   num: epoch ms). With SERIES N, ts rows go to series i % N (s0, s1, ...)
   in turn, as a fleet export writes every sensor at each step; with SERIES
   rN (e.g. r64), to one of N chosen at random (cpu0, cpu1, ...); without it
   (or with 0), to one of 50 chosen at random, as r50. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
int main(int argc, char **argv) {
  if (argc < 4 || argc > 6) { fprintf(stderr, "usage: gen ts|num|ts-ndjson|num-ndjson ROWS FILE [SERIES|rSERIES [STEP_MS]]\n"); return 64; }
  long fleet = 0, random_series = 50;
  if (argc >= 5) {
    if (argv[4][0] == 'r') random_series = atol(argv[4] + 1);
    else fleet = atol(argv[4]);
  }
  long long step_ms = argc == 6 ? atoll(argv[5]) : 10;
  if (random_series <= 0 || step_ms <= 0) { fprintf(stderr, "gen: SERIES and STEP_MS must be positive\n"); return 64; }
  const char *kind = argv[1]; long n = atol(argv[2]);
  FILE *f = fopen(argv[3], "w"); if (!f) { perror(argv[3]); return 73; }
  setvbuf(f, NULL, _IOFBF, 1 << 20);
  int nd = strstr(kind, "ndjson") != NULL, ts = strncmp(kind, "ts", 2) == 0;
  if (!nd) fputs(ts ? "timestamp,series,value\n" : "timestamp,value\n", f);
  unsigned long long x = 88172645463325252ULL;
  const long long base_ms = 1704067200000LL;
  for (long i = 0; i < n; i++) {
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    long long ms = base_ms + i * step_ms;
    if (ts) {
      time_t s = ms / 1000; struct tm t; gmtime_r(&s, &t);
      char when[32];
      snprintf(when, sizeof when, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", t.tm_year + 1900, t.tm_mon + 1, t.tm_mday,
               t.tm_hour, t.tm_min, t.tm_sec, (int)(ms % 1000));
      double v = (double)(x % 10000000) / 10000.0;
      char name[32];
      if (fleet > 0) snprintf(name, sizeof name, "s%ld", i % fleet);
      else snprintf(name, sizeof name, "cpu%d", (int)(x % (unsigned long long)random_series));
      if (nd) fprintf(f, "{\"timestamp\":\"%s\",\"series\":\"%s\",\"value\":%.4f}\n", when, name, v);
      else fprintf(f, "%s,%s,%.4f\n", when, name, v);
    } else {
      double v = (double)(x % 1000000000) / 1000000.0;
      if (nd) fprintf(f, "{\"timestamp\":%lld,\"value\":%.6f}\n", ms, v);
      else fprintf(f, "%lld,%.6f\n", ms, v);
    }
  }
  return fclose(f) == 0 ? 0 : 74;
}

/* The C baseline for the bindings' per-call overhead (python/bench/overhead.sh): renders
 * PLAN with SCHEMAS N times through planview_render and prints the mean microseconds per
 * call. cc -O2 render_loop.c $(pkg-config --cflags --libs planview) -o render_loop */
#define _POSIX_C_SOURCE 200809L  /* clock_gettime under -std=c11 */
#include <planview.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *b = malloc(n > 0 ? (size_t)n : 1);
  *len = b != NULL && n > 0 ? fread(b, 1, (size_t)n, f) : 0;
  fclose(f);
  return b;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: render_loop PLAN SCHEMAS N\n");
    return 2;
  }
  size_t plan_len = 0, schemas_len = 0;
  char *plan = slurp(argv[1], &plan_len), *schemas = slurp(argv[2], &schemas_len);
  long n = atol(argv[3]);
  if (plan == NULL || schemas == NULL || n < 1) {
    fprintf(stderr, "render_loop: cannot read the inputs\n");
    return 1;
  }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  size_t bytes = 0;
  for (long i = 0; i < n; i++) {
    planview_result *r = planview_render(plan, plan_len, schemas, schemas_len, NULL, 0);
    size_t len = 0;
    planview_result_output(r, &len);
    bytes += len;
    if (planview_result_status(r) != 0) return 1;
    planview_result_free(r);
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double us = ((double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec)) / 1e3 / (double)n;
  printf("c %ld calls: %.1f us/call (%zu bytes out)\n", n, us, bytes / (size_t)n);
  free(plan);
  free(schemas);
  return 0;
}

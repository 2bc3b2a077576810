/* Renders a plan (or state, or log) with libplanview, then walks its resource changes.
 *
 *   cc -std=c11 render_plan.c $(pkg-config --cflags --libs planview) -o render_plan
 *   ./render_plan plan.json [schemas.json] [planview options...]
 *
 * Prints the rendered document (what `planview` prints), then one line per resource change:
 * its action, address and, if any, the reason for the action. Exits with planview's status. */
#include <planview.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads a whole file into memory (NULL on failure, a read error such as a directory's
 * included; *len its size). */
static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) return NULL;
  size_t cap = 1 << 16, n = 0;
  char *data = malloc(cap);
  size_t got;
  while (data != NULL && (got = fread(data + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      char *bigger = realloc(data, cap *= 2);
      if (bigger == NULL) free(data);
      data = bigger;
    }
  }
  if (ferror(f)) {
    free(data);
    data = NULL;
  }
  fclose(f);
  *len = n;
  return data;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s FILE [SCHEMAS] [planview options...]\n", argv[0]);
    return 2;
  }
  size_t input_len = 0, schemas_len = 0;
  char *input = read_file(argv[1], &input_len);
  char *schemas = NULL;
  int first_option = 2;
  if (argc > 2 && strncmp(argv[2], "-", 1) != 0) {
    schemas = read_file(argv[2], &schemas_len);
    first_option = 3;
  }
  if (input == NULL || (first_option == 3 && schemas == NULL)) {
    fprintf(stderr, "%s: cannot read %s\n", argv[0], input == NULL ? argv[1] : argv[2]);
    return 1;
  }

  planview_result *r = planview_render_changes(input, input_len, schemas, schemas_len,
                                               (const char *const *)argv + first_option,
                                               (size_t)(argc - first_option));
  size_t len;
  const char *text = planview_result_output(r, &len);
  fwrite(text, 1, len, stdout);
  text = planview_result_messages(r, &len);
  fwrite(text, 1, len, stderr);

  size_t count = planview_result_change_count(r);
  if (count > 0) printf("\n%zu resource changes:\n", count);
  for (size_t i = 0; i < count; ++i) {
    const planview_change *c = planview_result_change(r, i);
    const char *reason = planview_change_action_reason(c, &len);
    printf("  %-20s %s%s%s\n", planview_change_action(c, NULL), planview_change_address(c, NULL),
           len > 0 ? "  # " : "", reason);
  }
  int status = planview_result_status(r);
  planview_result_free(r);
  free(input);
  free(schemas);
  return status;
}

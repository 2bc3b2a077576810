// Freed heap memory kept for the next allocations instead of being given back to the
// kernel at once, for work that allocates and frees blocks of 128 KiB and more many times
// a second (a log's batches: their documents, joined lines and text): by default glibc
// maps such a block afresh and unmaps it when freed, or trims the heap it came from, so
// every page of the next one is faulted in zeroed again. A process-wide setting (the
// program's, not a library's): blocks up to 4 MiB come from the heap, and the heap keeps
// up to 16 MiB free; bigger ones are still mapped and unmapped. Nothing without glibc.
#ifndef PLANVIEW_CMD_HEAP_REUSE_H_
#define PLANVIEW_CMD_HEAP_REUSE_H_

namespace planview::cmd {

void ReuseFreedHeap();

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_HEAP_REUSE_H_

// A stand-in libclang for the containment tests (ObjectiveCContainmentTests compiles it): it
// exports what SeamLint resolves, lexes nothing, and misbehaves on files that contain a marker:
// SEAMLINT_CRASH segfaults, SEAMLINT_HANG sleeps, SEAMLINT_SPIN burns processor time,
// SEAMLINT_MEMORY allocates until allocation fails.
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct { const void *ptr_data[2]; unsigned int_data; } CXSourceLocation;
typedef struct { const void *ptr_data[2]; unsigned begin_int_data; unsigned end_int_data; } CXSourceRange;
typedef struct { unsigned int_data[4]; void *ptr_data; } CXToken;
struct CXUnsavedFile { const char *Filename; const char *Contents; unsigned long Length; };
typedef struct { const void *data; unsigned private_flags; } CXString;

static int has(const struct CXUnsavedFile *file, const char *marker) {
    size_t length = strlen(marker);
    for (unsigned long i = 0; i + length <= file->Length; i++) {
        if (memcmp(file->Contents + i, marker, length) == 0) return 1;
    }
    return 0;
}

static int unit;
static char *volatile kept;
void *clang_createIndex(int a, int b) { return &unit; }
void clang_disposeIndex(void *index) {}
static void misbehave(struct CXUnsavedFile *files, unsigned count) {
    if (count > 0 && has(&files[0], "SEAMLINT_CRASH")) { volatile int *nowhere = 0; *nowhere = 1; }
    if (count > 0 && has(&files[0], "SEAMLINT_HANG")) { for (;;) sleep(60); }
    if (count > 0 && has(&files[0], "SEAMLINT_SPIN")) { for (volatile unsigned long i = 0;; i++) {} }
    if (count > 0 && has(&files[0], "SEAMLINT_MEMORY")) {
        for (;;) {
            char *block = malloc(64 << 20);
            if (!block) abort();
            *(char **)block = kept;   // chained and kept, so the compiler cannot drop the allocation
            kept = block;
        }
    }
}
int clang_parseTranslationUnit2(void *index, const char *path, const char *const *argv, int argc,
                                struct CXUnsavedFile *files, unsigned count, unsigned options, void **out) {
    misbehave(files, count);
    *out = &unit;
    return 0;
}
// SeamLint re-parses one translation unit per dialect with each file's bytes.
int clang_reparseTranslationUnit(void *tu, unsigned count, struct CXUnsavedFile *files, unsigned options) {
    misbehave(files, count);
    return 0;
}
unsigned clang_defaultReparseOptions(void *tu) { return 0; }
void clang_disposeTranslationUnit(void *tu) {}
void *clang_getFile(void *tu, const char *path) { return &unit; }
CXSourceLocation clang_getLocationForOffset(void *unit, void *file, unsigned offset) {
    CXSourceLocation location = {{0, 0}, offset};
    return location;
}
CXSourceRange clang_getRange(CXSourceLocation begin, CXSourceLocation end) {
    CXSourceRange range = {{0, 0}, begin.int_data, end.int_data};
    return range;
}
void clang_tokenize(void *unit, CXSourceRange range, CXToken **tokens, unsigned *count) { *tokens = 0; *count = 0; }
void clang_disposeTokens(void *unit, CXToken *tokens, unsigned count) {}
unsigned clang_getTokenKind(CXToken token) { return 0; }
CXSourceRange clang_getTokenExtent(void *unit, CXToken token) { CXSourceRange range = {{0, 0}, 0, 0}; return range; }
CXSourceLocation clang_getRangeStart(CXSourceRange range) { CXSourceLocation l = {{0, 0}, range.begin_int_data}; return l; }
CXSourceLocation clang_getRangeEnd(CXSourceRange range) { CXSourceLocation l = {{0, 0}, range.end_int_data}; return l; }
void clang_getFileLocation(CXSourceLocation location, void **file, unsigned *line, unsigned *column, unsigned *offset) {
    if (offset) *offset = location.int_data;
}
CXString clang_getClangVersion(void) { CXString s = {"fake libclang", 0}; return s; }
const char *clang_getCString(CXString string) { return string.data; }
void clang_disposeString(CXString string) {}

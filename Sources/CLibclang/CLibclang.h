// The few libclang structs SeamLint passes by value, copied from clang-c/Index.h and
// clang-c/CXString.h (their layout has not changed since LLVM 3.x). They are declared in C, not
// Swift, so that the Swift compiler applies the platform's C calling convention when a
// `@convention(c)` function pointer takes or returns them (a 24-byte struct goes on the stack on
// x86-64 and by reference on arm64). `ObjectiveCLayoutTests` compiles them against the real
// header when one is installed. Only types: the functions are looked up with dlsym at run time.
#ifndef SEAMLINT_CLIBCLANG_H
#define SEAMLINT_CLIBCLANG_H

typedef struct {
    const void *ptr_data[2];
    unsigned int_data;
} CXSourceLocation;

typedef struct {
    const void *ptr_data[2];
    unsigned begin_int_data;
    unsigned end_int_data;
} CXSourceRange;

typedef struct {
    unsigned int_data[4];
    void *ptr_data;
} CXToken;

struct CXUnsavedFile {
    const char *Filename;
    const char *Contents;
    unsigned long Length;
};

typedef struct {
    const void *data;
    unsigned private_flags;
} CXString;

#endif

/* runner_main.c - the main() of every runner process.
 *
 * Reads batches from stdin, calls the student's function once per request
 * and writes one framed response per request to fd 3, each at once (one
 * write: header and answer), so that if request 17 crashes the checker
 * still holds the answers to 0..16 and can say which case killed the
 * runner.
 */
#include "protocol.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- the first instructions of a caged runner ------------------------------
 * The checker starts a runner with a seccomp filter that must still let one
 * exec through: its own (sandbox.c). Student code must never get that exec:
 * a constructor that runs another section's reference runner would inherit
 * the answer channel and score full marks. So a caged runner is linked with
 * runner_entry as its ELF entry point (-Wl,-e,runner_entry; the checker also
 * checks the entry of the file it runs, runner_elf.c), and the first thing it
 * does, before the C runtime starts and before any constructor, ifunc
 * resolver or init_array entry of the student's can run, is stack a second
 * filter that kills the process on execve and execveat. Filters only ever
 * add up: nothing loaded later can lift it.
 *
 * No C library yet at this point (no TLS, no errno, ifunc'd memcpy not
 * resolved): raw system calls, a filter in read-only data, nothing on the
 * stack a compiler would copy with memcpy. Kernel ABI numbers are written
 * out because musl-gcc does not see the kernel's headers. */
#define ENTRY_SECCOMP_SET_MODE_FILTER 1
#define ENTRY_SECCOMP_RET_KILL_PROCESS 0x80000000u
#define ENTRY_SECCOMP_RET_ALLOW 0x7fff0000u
#define ENTRY_BPF_LD_W_ABS 0x20  /* BPF_LD | BPF_W | BPF_ABS */
#define ENTRY_BPF_JEQ_K 0x15     /* BPF_JMP | BPF_JEQ | BPF_K */
#define ENTRY_BPF_JGE_K 0x35     /* BPF_JMP | BPF_JGE | BPF_K */
#define ENTRY_BPF_RET_K 0x06     /* BPF_RET | BPF_K */
#define ENTRY_DATA_NR 0          /* offsetof(struct seccomp_data, nr) */
#define ENTRY_DATA_ARCH 4        /* offsetof(struct seccomp_data, arch) */

#if defined(__x86_64__)
#define ENTRY_ARCH 0xC000003Eu   /* AUDIT_ARCH_X86_64 */
#define ENTRY_NR_EXECVE 59
#define ENTRY_NR_EXECVEAT 322
#define ENTRY_NR_SECCOMP 317
#define ENTRY_NR_EXIT_GROUP 231
#define ENTRY_NR_LIMIT 0x40000000u /* x32 system calls have this bit: none allowed */
#elif defined(__aarch64__)
#define ENTRY_ARCH 0xC00000B7u   /* AUDIT_ARCH_AARCH64 */
#define ENTRY_NR_EXECVE 221
#define ENTRY_NR_EXECVEAT 281
#define ENTRY_NR_SECCOMP 277
#define ENTRY_NR_EXIT_GROUP 94
#define ENTRY_NR_LIMIT 0x40000000u
#endif

#ifdef ENTRY_ARCH
typedef struct {
    unsigned short code;
    unsigned char jt, jf;
    unsigned int k;
} entry_bpf_insn;

typedef struct {
    unsigned short len;
    const entry_bpf_insn *filter;
} entry_bpf_prog;

/* Another architecture's calls, x32 calls, execve, execveat: kill. */
static const entry_bpf_insn ENTRY_FILTER[] = {
    {ENTRY_BPF_LD_W_ABS, 0, 0, ENTRY_DATA_ARCH},
    {ENTRY_BPF_JEQ_K, 1, 0, ENTRY_ARCH},
    {ENTRY_BPF_RET_K, 0, 0, ENTRY_SECCOMP_RET_KILL_PROCESS},
    {ENTRY_BPF_LD_W_ABS, 0, 0, ENTRY_DATA_NR},
    {ENTRY_BPF_JGE_K, 2, 0, ENTRY_NR_LIMIT},
    {ENTRY_BPF_JEQ_K, 1, 0, ENTRY_NR_EXECVE},
    {ENTRY_BPF_JEQ_K, 0, 1, ENTRY_NR_EXECVEAT},
    {ENTRY_BPF_RET_K, 0, 0, ENTRY_SECCOMP_RET_KILL_PROCESS},
    {ENTRY_BPF_RET_K, 0, 0, ENTRY_SECCOMP_RET_ALLOW},
};

static long entry_syscall3(long nr, long a, long b, long c)
{
#if defined(__x86_64__)
    long ret;
    __asm__ volatile("syscall" : "=a"(ret) : "a"(nr), "D"(a), "S"(b), "d"(c) : "rcx", "r11", "memory");
    return ret;
#else
    register long x8 __asm__("x8") = nr;
    register long x0 __asm__("x0") = a;
    register long x1 __asm__("x1") = b;
    register long x2 __asm__("x2") = c;
    __asm__ volatile("svc 0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2) : "memory");
    return x0;
#endif
}

/* No canary: it would be read from TLS, which does not exist yet. */
#if defined(__has_attribute)
#if __has_attribute(no_stack_protector)
#define ENTRY_NO_CANARY __attribute__((no_stack_protector))
#endif
#endif
#ifndef ENTRY_NO_CANARY
#define ENTRY_NO_CANARY
#endif

/* Called from runner_entry; exits rather than run uncaged (fail closed). */
void runner_forbid_exec(void);
__attribute__((used, noinline)) ENTRY_NO_CANARY void runner_forbid_exec(void)
{
    /* built here, not as static data: a pointer in data would wait for a
     * static-pie runner's relocation, which runs after this */
    entry_bpf_prog prog = {sizeof ENTRY_FILTER / sizeof ENTRY_FILTER[0], ENTRY_FILTER};
    if (entry_syscall3(ENTRY_NR_SECCOMP, ENTRY_SECCOMP_SET_MODE_FILTER, 0, (long)&prog) != 0)
        entry_syscall3(ENTRY_NR_EXIT_GROUP, 126, 0, 0);
}

/* The entry point: the kernel's stack and first register are handed on to
 * the C runtime's _start untouched. */
#if defined(__x86_64__)
__asm__(".text\n"
        ".globl runner_entry\n"
        ".type runner_entry, @function\n"
        "runner_entry:\n"
        "    mov %rdx, %r12\n"          /* the kernel's rdx (an atexit hook), kept */
        "    call runner_forbid_exec\n" /* the stack is 16-byte aligned here */
        "    mov %r12, %rdx\n"
        "    jmp _start\n"
        ".size runner_entry, . - runner_entry\n");
#else
__asm__(".text\n"
        ".globl runner_entry\n"
        ".type runner_entry, %function\n"
        "runner_entry:\n"
        "    mov x19, x0\n"
        "    bl runner_forbid_exec\n"
        "    mov x0, x19\n"
        "    b _start\n"
        ".size runner_entry, . - runner_entry\n");
#endif
#endif /* ENTRY_ARCH: elsewhere no runner_entry, so a caged runner does not link */

/* What the checker sent, read ahead: it writes a whole batch at once, so
 * one read takes many requests (a read a request was a third of the
 * runner's system calls). Reading ahead changes nothing the checker sees:
 * each answer still leaves at once, before the next request is called. */
static char g_in[1 << 16];
static size_t g_in_at, g_in_end;

static int read_exact(void *buf, size_t n)
{
    char *p = buf;
    while (n > 0) {
        if (g_in_at == g_in_end) {
            ssize_t got = read(STDIN_FILENO, g_in, sizeof g_in);
            if (got <= 0)
                return 0;
            g_in_at = 0;
            g_in_end = (size_t)got;
        }
        size_t take = g_in_end - g_in_at < n ? g_in_end - g_in_at : n;
        memcpy(p, g_in + g_in_at, take);
        g_in_at += take;
        p += take;
        n -= take;
    }
    return 1;
}

static int write_exact(const void *buf, size_t n)
{
    const char *p = buf;
    while (n > 0) {
        ssize_t put = write(PROTO_RESULT_FD, p, n);
        if (put <= 0)
            return 0;
        p += put;
        n -= (size_t)put;
    }
    return 1;
}

int main(void)
{
    /* The student's printf goes out at once: on a pipe stdout would be
     * fully buffered, so what a check printed would reach the checker a
     * check late, in pieces, or never (lost when a crash ends the runner). */
    setvbuf(stdout, NULL, _IONBF, 0);
    /* One batch after another until the checker closes stdin: one runner
     * serves every check of a section. */
    proto_batch_header header;
    while (read_exact(&header, sizeof header)) {
        if (header.magic != PROTO_REQUEST_MAGIC || header.count > PROTO_MAX_BATCH)
            return 90;

        const runner_op *op = NULL;
        for (size_t i = 0; i < RUNNER_OP_COUNT; i++)
            if (RUNNER_OPS[i].op == header.op)
                op = &RUNNER_OPS[i];
        if (!op || op->request_size != header.request_size || op->response_size > PROTO_MAX_RECORD)
            return 91;

        void *request = malloc(op->request_size);
        /* the frame's header and the response in one buffer: one write an
         * answer (two were half of the runner's system calls) */
        char *frame = malloc(sizeof(proto_frame_header) + op->response_size);
        if (!request || !frame)
            return 92;
        void *response = frame + sizeof(proto_frame_header);

        for (uint32_t i = 0; i < header.count; i++) {
            if (!read_exact(request, op->request_size))
                return 93;
            memset(response, 0, op->response_size);
            op->call(request, response);
            proto_frame_header head = {PROTO_RESPONSE_MAGIC, i, (uint32_t)op->response_size};
            memcpy(frame, &head, sizeof head);
            if (!write_exact(frame, sizeof head + op->response_size))
                return 94;
        }
        free(request);
        free(frame);
        /* the batch is answered: wake the checker (protocol.h); if fd 4 is
         * gone the checker reads the answers as they come instead */
        if (write(PROTO_DONE_FD, "", 1) < 0) {
        }
    }
    return 0;
}

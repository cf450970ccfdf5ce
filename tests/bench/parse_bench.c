/*
 * parse_bench.c - the timing driver behind tests/bench/parse.
 *
 *   parse_bench [--mode=full|syntax|memchr] [--runs=N] [--min-time=S] PATH...
 *   parse_bench --exec [--ok-status=N] [--runs=N] [--min-time=S] -- COMMAND
 *               [ARG]... [--and COMMAND [ARG]...]...
 *
 * full    sgf_reader_next over every member: parse and every check
 * syntax  the same with SGF_READ_SYNTAX_ONLY
 * memchr  the members' bytes through sgf_member_read and a bare memchr scan
 *         for ']', which ends every value: the floor of what any parser
 *         built on the input layer can reach
 * exec    runs COMMAND with stdin, stdout and stderr on /dev/null (how fast
 *         `cat` reads the same bytes, or a whole sgfkit program), timed by
 *         the same code as the other modes; an exit status up to N
 *         (--ok-status, default 0) is success: sgfcheck's 1 means "a record
 *         has an error".  No shell in between: its start-up (about 0.7 ms)
 *         would be timed too, and weigh on every ratio of two runs.  With
 *         --and, the commands run at the same time and a pass lasts until
 *         the last one exits: two single-threaded runs over the two halves
 *         of a collection show what two cores give with no sharing at all,
 *         the ceiling of a program's -j2 on this machine
 *
 * One thread.  A run repeats whole passes over the inputs until it has lasted
 * --min-time seconds, so that small inputs are not lost in timer noise and
 * startup; the best per-pass time of --runs runs is reported, on one line of
 * key=value pairs for the script to read:
 *
 *   mode=full bytes=7712345 games=4930 members=4930 errors=0 passes=12
 *   seconds=0.021345 maxrss_kb=5120
 *
 * Only the public API is used, as any program linking libsgfkit would.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "sgfkit.h"

enum mode { MODE_FULL, MODE_SYNTAX, MODE_MEMCHR, MODE_EXEC };

struct options {
    enum mode mode;
    int runs;
    double min_time;
    char **args;            /* paths, or the command for --exec */
    int ok_status;          /* --exec: the highest exit status that is fine */
    int nargs;
    char **cmds[8];         /* --exec: the commands (args cut at --and) */
    int ncmds;
};

struct counts {
    uint64_t bytes;
    uint64_t games;         /* games for the reader, ']' for memchr */
    uint64_t members;
    uint64_t errors;        /* error diagnostics over all games */
    size_t failures;        /* inputs that could not be read */
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void on_input_error(void *ctx, const char *origin, const char *message)
{
    (void)ctx;
    fprintf(stderr, "parse_bench: %s: %s\n", origin, message);
}

/* Reads a member to its end and finds every ']' in it. */
static int scan_member(sgf_member *m, char *buf, size_t bufsize,
                       struct counts *c)
{
    long n;
    while ((n = sgf_member_read(m, buf, bufsize)) > 0) {
        const char *p = buf, *end = buf + n;
        while ((p = memchr(p, ']', (size_t)(end - p))) != NULL) {
            c->games++;
            p++;
        }
        c->bytes += (uint64_t)n;
    }
    if (n < 0) {
        fprintf(stderr, "parse_bench: %s: %s\n", sgf_member_origin(m),
                sgf_member_error(m));
        return -1;
    }
    return 0;
}

static int read_member(sgf_reader *r, sgf_member *m, struct counts *c)
{
    sgf_game *g;
    int rc;
    sgf_reader_start(r, m);
    while ((rc = sgf_reader_next(r, &g)) == 1) {
        c->games++;
        c->errors += sgf_game_count(g, SGF_ERROR);
        /* What a checker asks of every game, in case the library is lazy. */
        (void)sgf_game_info(g);
    }
    c->bytes += sgf_reader_bytes(r);
    if (rc < 0) {
        fprintf(stderr, "parse_bench: %s: %s\n", sgf_member_origin(m),
                sgf_member_error(m));
        return -1;
    }
    return 0;
}

/* One pass over all inputs. */
static int one_pass(const struct options *o, sgf_reader *r, char *buf,
                    size_t bufsize, struct counts *c)
{
    sgf_inputs *in = sgf_inputs_new((const char *const *)o->args,
                                    (size_t)o->nargs, on_input_error, NULL);
    if (!in) {
        fprintf(stderr, "parse_bench: out of memory\n");
        return -1;
    }
    sgf_member *m;
    int rc = 0;
    while (rc == 0 && sgf_inputs_next(in, &m) == 1) {
        c->members++;
        rc = o->mode == MODE_MEMCHR ? scan_member(m, buf, bufsize, c)
                                    : read_member(r, m, c);
    }
    c->failures = sgf_inputs_failures(in);
    sgf_inputs_free(in);
    return rc;
}

/* Starts one command, its output to /dev/null: its pid, or -1. */
static pid_t exec_start(char **args)
{
    pid_t pid = fork();
    if (pid < 0) {
        perror("parse_bench: fork");
        return -1;
    }
    if (pid == 0) {
        int in = open("/dev/null", O_RDONLY);
        int out = open("/dev/null", O_WRONLY);
        if (in < 0 || out < 0 || dup2(in, STDIN_FILENO) < 0 ||
            dup2(out, STDOUT_FILENO) < 0)
            _exit(127);
        /* the reason exec failed still reaches stderr */
        int err = dup(STDERR_FILENO);
        if (err >= 0)
            (void)fcntl(err, F_SETFD, FD_CLOEXEC);
        if (dup2(out, STDERR_FILENO) < 0)
            _exit(127);
        execvp(args[0], args);
        if (err >= 0)
            dprintf(err, "parse_bench: %s: %s\n", args[0], strerror(errno));
        _exit(127);
    }
    return pid;
}

/* Waits for a command started by exec_start: 0 when it exited fine. */
static int exec_wait(const struct options *o, pid_t pid, const char *name)
{
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            perror("parse_bench: waitpid");
            return -1;
        }
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) > o->ok_status) {
        if (WIFEXITED(status))
            fprintf(stderr, "parse_bench: %s exited with status %d\n",
                    name, WEXITSTATUS(status));
        else
            fprintf(stderr, "parse_bench: %s was killed by signal %d\n",
                    name, WTERMSIG(status));
        return -1;
    }
    return 0;
}

/* One run of the commands, all at once. */
static int exec_once(const struct options *o)
{
    pid_t pids[8];
    int rc = 0, started = 0;
    for (; started < o->ncmds; started++)
        if ((pids[started] = exec_start(o->cmds[started])) < 0) {
            rc = -1;
            break;
        }
    for (int i = 0; i < started; i++)
        if (exec_wait(o, pids[i], o->cmds[i][0]) < 0)
            rc = -1;
    return rc;
}

static long maxrss_kb(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return -1;
#ifdef __APPLE__
    return ru.ru_maxrss / 1024;   /* bytes there, kilobytes on Linux */
#else
    return ru.ru_maxrss;
#endif
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: parse_bench [--mode=full|syntax|memchr] [--runs=N] "
            "[--min-time=S] PATH...\n"
            "       parse_bench --exec [--ok-status=N] [--runs=N] "
            "[--min-time=S] -- COMMAND [ARG]... [--and COMMAND [ARG]...]...\n");
}

static int parse_options(int argc, char **argv, struct options *o)
{
    o->mode = MODE_FULL;
    o->runs = 3;
    o->ok_status = 0;
    o->min_time = 0.3;
    int i;
    for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        } else if (strcmp(a, "--mode=full") == 0) {
            o->mode = MODE_FULL;
        } else if (strcmp(a, "--mode=syntax") == 0) {
            o->mode = MODE_SYNTAX;
        } else if (strcmp(a, "--mode=memchr") == 0) {
            o->mode = MODE_MEMCHR;
        } else if (strcmp(a, "--exec") == 0) {
            o->mode = MODE_EXEC;
        } else if (strncmp(a, "--ok-status=", 12) == 0) {
            o->ok_status = atoi(a + 12);
        } else if (strncmp(a, "--runs=", 7) == 0) {
            o->runs = atoi(a + 7);
        } else if (strncmp(a, "--min-time=", 11) == 0) {
            o->min_time = atof(a + 11);
        } else if (strcmp(a, "--help") == 0) {
            usage(stdout);
            exit(0);
        } else {
            return -1;
        }
    }
    o->args = argv + i;
    o->nargs = argc - i;
    if (o->mode == MODE_EXEC) {
        /* each --and ends a command: NULL there makes it its argv */
        o->ncmds = 0;
        o->cmds[o->ncmds++] = o->args;
        for (int k = 0; k < o->nargs; k++) {
            if (strcmp(o->args[k], "--and") != 0)
                continue;
            o->args[k] = NULL;
            if (o->ncmds == (int)(sizeof o->cmds / sizeof o->cmds[0]) ||
                k + 1 == o->nargs)
                return -1;
            o->cmds[o->ncmds++] = o->args + k + 1;
        }
        for (int c = 0; c < o->ncmds; c++)
            if (!o->cmds[c][0])
                return -1;
    }
    return o->runs >= 1 && o->nargs >= 1 ? 0 : -1;
}

static const char *mode_name(enum mode m)
{
    static const char *const names[] = {"full", "syntax", "memchr", "exec"};
    return names[m];
}

int main(int argc, char **argv)
{
    struct options o;
    if (parse_options(argc, argv, &o) != 0) {
        usage(stderr);
        return 2;
    }

    sgf_read_options ropt = { .flags = 0 };
    if (o.mode == MODE_SYNTAX)
        ropt.flags |= SGF_READ_SYNTAX_ONLY;
    sgf_reader *r = NULL;
    if (o.mode == MODE_FULL || o.mode == MODE_SYNTAX) {
        r = sgf_reader_new(&ropt);
        if (!r) {
            fprintf(stderr, "parse_bench: out of memory\n");
            return 2;
        }
    }
    enum { BUFSIZE = 1 << 20 };
    char *buf = o.mode == MODE_MEMCHR ? malloc(BUFSIZE) : NULL;
    if (o.mode == MODE_MEMCHR && !buf) {
        fprintf(stderr, "parse_bench: out of memory\n");
        return 2;
    }

    struct counts c = {0, 0, 0, 0, 0};
    double best = -1;
    long passes = 0;
    int rc = 0;
    for (int run = 0; run < o.runs && rc == 0; run++) {
        double start = now(), elapsed;
        long n = 0;
        do {
            /* The counts of the last pass are the ones reported. */
            memset(&c, 0, sizeof c);
            rc = o.mode == MODE_EXEC ? exec_once(&o)
                                     : one_pass(&o, r, buf, BUFSIZE, &c);
            n++;
            elapsed = now() - start;
        } while (rc == 0 && elapsed < o.min_time);
        double per_pass = elapsed / (double)n;
        if (best < 0 || per_pass < best) {
            best = per_pass;
            passes = n;
        }
    }
    if (r)
        sgf_reader_free(r);
    free(buf);
    if (rc != 0)
        return 1;

    printf("mode=%s bytes=%llu games=%llu members=%llu errors=%llu "
           "failures=%zu passes=%ld seconds=%.6f maxrss_kb=%ld\n",
           mode_name(o.mode), (unsigned long long)c.bytes,
           (unsigned long long)c.games, (unsigned long long)c.members,
           (unsigned long long)c.errors, c.failures, passes, best,
           maxrss_kb());
    return c.failures ? 1 : 0;
}

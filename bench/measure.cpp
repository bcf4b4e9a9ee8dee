// Runs a command and reports its wall-clock time and peak resident memory (from wait4's rusage),
// so that benchmarks do not depend on GNU time being installed.
// usage: measure OUT_FILE -- COMMAND [ARGS...]   (the command's stdout goes to OUT_FILE)
// prints: "<seconds> <max_rss_kib> <exit_status> <cpu_seconds>" (cpu: user + system, all threads;
// on a loaded machine the fairer figure to compare)
#include <sys/resource.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>

int main(int argc, char** argv) {
    if (argc < 4 || std::strcmp(argv[2], "--") != 0) {
        std::fprintf(stderr, "usage: measure OUT_FILE -- COMMAND [ARGS...]\n");
        return 2;
    }
    auto start = std::chrono::steady_clock::now();
    pid_t pid = fork();
    if (pid == 0) {
        int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || dup2(fd, 1) < 0) _exit(127);
        execvp(argv[3], argv + 3);
        _exit(127);
    }
    int status = 0;
    struct rusage ru;
    wait4(pid, &status, 0, &ru);
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    double cpu = ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
    std::printf("%.3f %ld %d %.3f\n", secs, ru.ru_maxrss, WIFEXITED(status) ? WEXITSTATUS(status) : 128, cpu);
    return 0;
}

/*
 * zc_out.h - the output file of zc-encrypt, zc-rsa and zc-ec, written the
 * way careful tools do it (included by the three; PROG names the program).
 *
 * What happens to -o PATH is decided before any work is done, so that a
 * bad path fails at once, with the user's path and the errno text:
 *
 *  - "-" (or no -o): standard output.
 *  - a path that does not exist, or an existing regular file: the output
 *    goes to a temporary file "DIR/.NAME.XXXXXX" made at once (mode 0600,
 *    then the file's final mode) and is renamed over PATH only when
 *    everything succeeded; on any failure it is removed. An existing file
 *    is thus replaced (a new inode: its owner, mode and hard links are not
 *    kept) unless --no-clobber was given, which refuses it.
 *  - a symbolic link is followed: the file it points to is the target, by
 *    the rules here (a regular file at the end of the link is replaced and
 *    the link kept); a dangling link is refused.
 *  - a character or block device or a FIFO is opened and written through,
 *    a socket is connected to: never replaced, never chmodded.
 *  - a directory or anything else is refused.
 */
#ifndef ZC_OUT_H
#define ZC_OUT_H

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

struct zc_out {
    const char *name;       /* the user's path, for messages */
    const char *target;     /* what is replaced: name, or a link's target */
    char *resolved;         /* realpath() of a followed link, freed by the end */
    char tmp[PATH_MAX + 16];/* the temporary file ("" when none) */
    int fd;
    int direct;             /* standard output, a device, a FIFO or a socket */
};

/* Temporary files still to remove on a signal (at most two per program). */
static struct zc_out *volatile zc_out_live[2];

static void zc_out_on_signal(int sig)
{
    unsigned i;

    for (i = 0; i < sizeof zc_out_live / sizeof zc_out_live[0]; i++)
        if (zc_out_live[i] != NULL && zc_out_live[i]->tmp[0] != '\0')
            unlink(zc_out_live[i]->tmp);
    signal(sig, SIG_DFL);
    raise(sig);
}

static int zc_out_fail(struct zc_out *o, const char *what)
{
    int e = errno;

    if (what != NULL)
        fprintf(stderr, PROG ": %s: %s: %s\n", o->name, what, strerror(e));
    else
        fprintf(stderr, PROG ": %s: %s\n", o->name, strerror(e));
    free(o->resolved);
    o->resolved = NULL;
    o->fd = -1;
    return -1;
}

/* A socket node: connect to it as a stream socket. */
static int zc_out_connect(const char *path)
{
    struct sockaddr_un sa;
    int fd;

    if (strlen(path) >= sizeof sa.sun_path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memset(&sa, 0, sizeof sa);
    sa.sun_family = AF_UNIX;
    memcpy(sa.sun_path, path, strlen(path) + 1);
    fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd >= 0 && connect(fd, (const struct sockaddr *)&sa, sizeof sa) != 0) {
        int e = errno;

        close(fd);
        errno = e;
        fd = -1;
    }
    return fd;
}

/*
 * Decide and open the output for path (NULL or "-": standard output);
 * mode is the final mode of a new file (before the umask for modes other
 * than 0600, which is kept as it is: keys and plaintext). 0, or -1 after
 * a message.
 */
static int zc_out_open(struct zc_out *o, const char *path, mode_t mode, int no_clobber)
{
    struct stat st;
    const char *slash;
    size_t dir_len;
    unsigned i;
    int n;

    memset(o, 0, sizeof *o);
    o->name = path;
    o->fd = STDOUT_FILENO;
    o->direct = 1;
    if (path == NULL || strcmp(path, "-") == 0) {
        o->name = "standard output";
        return 0;
    }
    o->target = path;
    if (lstat(path, &st) != 0) {
        if (errno != ENOENT)
            return zc_out_fail(o, NULL);
        st.st_mode = 0;         /* a new file */
    } else if (S_ISLNK(st.st_mode)) {
        /* followed: what it points to is the target */
        if (stat(path, &st) != 0)
            return zc_out_fail(o, errno == ENOENT ? "dangling symbolic link" : NULL);
        o->resolved = realpath(path, NULL);
        if (o->resolved == NULL)
            return zc_out_fail(o, NULL);
        o->target = o->resolved;
    }
    if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) || S_ISFIFO(st.st_mode)) {
        o->fd = open(o->target, O_WRONLY | O_NOCTTY);
        return o->fd < 0 ? zc_out_fail(o, NULL) : 0;
    }
    if (S_ISSOCK(st.st_mode)) {
        o->fd = zc_out_connect(o->target);
        return o->fd < 0 ? zc_out_fail(o, "connecting to the socket") : 0;
    }
    if (S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return zc_out_fail(o, NULL);
    }
    if (st.st_mode != 0 && !S_ISREG(st.st_mode)) {
        errno = EINVAL;
        return zc_out_fail(o, "not a file, device, FIFO or socket");
    }
    if (st.st_mode != 0 && no_clobber) {
        errno = EEXIST;
        return zc_out_fail(o, "not overwritten (--no-clobber)");
    }

    /* a regular file or a new one: a temporary sibling, renamed at the end */
    o->direct = 0;
    slash = strrchr(o->target, '/');
    dir_len = slash == NULL ? 0 : (size_t)(slash - o->target);
    if (slash == NULL)
        n = snprintf(o->tmp, sizeof o->tmp, ".%s.XXXXXX", o->target);
    else
        n = snprintf(o->tmp, sizeof o->tmp, "%.*s/.%s.XXXXXX", (int)dir_len, o->target,
                     slash + 1);
    if (n < 0 || (size_t)n >= sizeof o->tmp) {
        o->tmp[0] = '\0';
        errno = ENAMETOOLONG;
        return zc_out_fail(o, NULL);
    }
    o->fd = mkstemp(o->tmp);    /* mode 0600: plaintext is never world-readable */
    if (o->fd < 0) {
        o->tmp[0] = '\0';
        return zc_out_fail(o, "cannot create a file there");
    }
    if (mode != 0600) {
        mode_t mask = umask(077);

        umask(mask);
        if (fchmod(o->fd, mode & ~mask) != 0) {
            int e = errno;

            close(o->fd);
            unlink(o->tmp);
            o->tmp[0] = '\0';
            errno = e;
            return zc_out_fail(o, NULL);
        }
    }
    for (i = 0; i < sizeof zc_out_live / sizeof zc_out_live[0]; i++) {
        if (zc_out_live[i] == NULL) {
            struct sigaction sa;

            memset(&sa, 0, sizeof sa);
            sa.sa_handler = zc_out_on_signal;
            sigaction(SIGINT, &sa, NULL);
            sigaction(SIGTERM, &sa, NULL);
            sigaction(SIGHUP, &sa, NULL);
            zc_out_live[i] = o;
            break;
        }
    }
    return 0;
}

/* Write it all; 0, or -1 after a message naming the output. */
static int zc_out_write(struct zc_out *o, const void *data, size_t len)
{
    const uint8_t *p = data;

    while (len > 0) {
        ssize_t n = write(o->fd, p, len);

        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            fprintf(stderr, PROG ": writing %s: %s\n", o->name, strerror(errno));
            return -1;
        }
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

static void zc_out_forget(struct zc_out *o)
{
    unsigned i;

    for (i = 0; i < sizeof zc_out_live / sizeof zc_out_live[0]; i++)
        if (zc_out_live[i] == o)
            zc_out_live[i] = NULL;
    o->tmp[0] = '\0';
    free(o->resolved);
    o->resolved = NULL;
}

/*
 * Finish: ok != 0 makes the output final (fsync, close, rename), ok == 0
 * removes a temporary file. 0, or -1 after a message (the temporary file
 * is then removed too). Standard output is left open.
 */
static int zc_out_close(struct zc_out *o, int ok)
{
    int rc = 0;

    if (o->fd < 0)
        return ok ? -1 : 0;
    if (o->fd == STDOUT_FILENO)
        return 0;
    if (!o->direct && ok && fsync(o->fd) != 0) {
        fprintf(stderr, PROG ": writing %s: %s\n", o->name, strerror(errno));
        rc = -1;
        ok = 0;
    }
    if (close(o->fd) != 0 && ok) {
        fprintf(stderr, PROG ": writing %s: %s\n", o->name, strerror(errno));
        rc = -1;
        ok = 0;
    }
    o->fd = -1;
    if (!o->direct) {
        if (ok && rename(o->tmp, o->target) != 0) {
            fprintf(stderr, PROG ": %s: %s\n", o->name, strerror(errno));
            rc = -1;
            ok = 0;
        }
        if (!ok)
            unlink(o->tmp);
    }
    zc_out_forget(o);
    return rc;
}

#endif /* ZC_OUT_H */

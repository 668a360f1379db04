/*
 * atomic_test.c - output files that appear whole or not at all
 * (lib/host/atomic): committed, aborted, and, with many open at once,
 * every temporary removed when a signal ends the process.
 */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "host/atomic.h"

#define MANY 40		/* past any small fixed table (it had 16 slots) */

/* A fresh folder under TMPDIR (or /tmp), its path in buf. */
static int
scratch(char *buf, size_t size)
{
	const char *t = getenv("TMPDIR");

	snprintf(buf, size, "%s/atomic_test.XXXXXX", t && *t ? t : "/tmp");
	return mkdtemp(buf) ? 0 : -1;
}

/* Files in dir (those starting with '.' are temporaries), and of them
   how many are temporaries. */
static int
count(const char *dir, int *temps)
{
	struct dirent *e;
	DIR *d = opendir(dir);
	int n = 0;

	*temps = 0;
	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		n++;
		if (e->d_name[0] == '.')
			(*temps)++;
	}
	closedir(d);
	return n;
}

static void
clean(const char *dir)
{
	struct dirent *e;
	char path[600];
	DIR *d = opendir(dir);

	while (d != NULL && (e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
			snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
			unlink(path);
		}
	if (d)
		closedir(d);
	rmdir(dir);
}

static void
test_commit_abort(void)
{
	struct atomic_file a, b;
	char dir[512], path[600];
	int temps;

	CHECK(scratch(dir, sizeof dir) == 0);
	snprintf(path, sizeof path, "%s/out.txt", dir);
	CHECK(atomic_open(&a, path) == 0);
	fputs("whole\n", a.fp);
	CHECK(count(dir, &temps) == 1 && temps == 1);	/* not there yet */
	CHECK(atomic_commit(&a) == 0);
	CHECK(count(dir, &temps) == 1 && temps == 0);
	CHECK(atomic_open(&b, path) == 0);
	fputs("half", b.fp);
	atomic_abort(&b);
	CHECK(count(dir, &temps) == 1 && temps == 0);	/* the old one */
	clean(dir);
}

/* A child opens MANY outputs and is ended by SIGTERM while writing: no
   temporary may be left, however many were open. */
static void
test_many_on_signal(void)
{
	struct atomic_file af[MANY];
	char dir[512], path[600];
	int i, st, temps, ready[2];
	pid_t pid;
	char c;

	CHECK(scratch(dir, sizeof dir) == 0);
	CHECK(pipe(ready) == 0);
	if ((pid = fork()) == 0) {
		close(ready[0]);
		for (i = 0; i < MANY; i++) {
			snprintf(path, sizeof path, "%s/out%02d.csv", dir, i);
			if (atomic_open(&af[i], path) < 0)
				_exit(3);
			fputs("a row\n", af[i].fp);
		}
		(void)write(ready[1], "x", 1);
		for (;;)
			pause();
	}
	close(ready[1]);
	CHECK(pid > 0 && read(ready[0], &c, 1) == 1);
	close(ready[0]);
	CHECK(count(dir, &temps) == MANY && temps == MANY);
	kill(pid, SIGTERM);
	CHECK(waitpid(pid, &st, 0) == pid);
	CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM);
	CHECK(count(dir, &temps) == 0 && temps == 0);
	if (temps)
		fprintf(stderr, "  %d temporaries left of %d\n", temps, MANY);
	clean(dir);
}

int
main(void)
{
	RUN(test_commit_abort);
	RUN(test_many_on_signal);
	return check_report("atomic");
}

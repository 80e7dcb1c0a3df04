// The commit a release was built from: the release script defines CHK_COMMIT
// (`swift build -Xcc -DCHK_COMMIT='"abc1234"'`); a build without it names none.
#ifndef CHK_COMMIT
#define CHK_COMMIT ""
#endif

const char *chk_build_commit(void) { return CHK_COMMIT; }

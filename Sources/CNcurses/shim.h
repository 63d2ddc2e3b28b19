#ifndef APIX_CNCURSES_SHIM_H
#define APIX_CNCURSES_SHIM_H

// Wide-character API (get_wch, cchar_t, setcchar) only exists with this defined.
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/curses.h>

// Macros and globals are not importable (or fail Swift 6 checks): wrap them.
static inline WINDOW *apix_stdscr(void) { return stdscr; }
static inline int apix_lines(void) { return LINES; }
static inline int apix_cols(void) { return COLS; }
static inline int apix_colors(void) { return COLORS; }
static inline attr_t apix_a_bold(void) { return A_BOLD; }
static inline attr_t apix_a_dim(void) { return A_DIM; }
static inline attr_t apix_a_reverse(void) { return A_REVERSE; }
static inline attr_t apix_a_underline(void) { return A_UNDERLINE; }
static inline attr_t apix_a_normal(void) { return A_NORMAL; }
static inline attr_t apix_color_pair(int n) { return COLOR_PAIR(n); }
static inline int apix_key_resize(void) { return KEY_RESIZE; }
static inline int apix_err(void) { return ERR; }
static inline int apix_key_code_yes(void) { return KEY_CODE_YES; }
static inline int apix_setlocale_all(void) { return setlocale(LC_ALL, "") != NULL; }

static inline int apix_mvadd_cell(int y, int x, const wchar_t *wch, attr_t attrs, short pair) {
    cchar_t cell;
    if (setcchar(&cell, wch, attrs, pair, NULL) != OK) return ERR;
    return mvadd_wch(y, x, &cell);
}

#endif

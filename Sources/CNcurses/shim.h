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

// Input: wide-character reads with a timeout, keypad decoding, escape delay.
static inline int apix_get_wch(wint_t *ch) { return wget_wch(stdscr, ch); }
static inline int apix_unget_wch(wchar_t ch) { return unget_wch(ch); }
static inline void apix_timeout(int ms) { wtimeout(stdscr, ms); }
static inline int apix_keypad(int on) { return keypad(stdscr, on ? TRUE : FALSE); }
static inline int apix_key_defined(const char *sequence) { return key_defined(sequence); }
// Mouse reports are decoded by apix (KeyDecoder), not by curses: its `kmous` key would swallow their start.
static inline int apix_ignore_mouse_key(void) { return keyok(KEY_MOUSE, FALSE); }
static inline int apix_key_up(void) { return KEY_UP; }
static inline int apix_key_down(void) { return KEY_DOWN; }
static inline int apix_key_left(void) { return KEY_LEFT; }
static inline int apix_key_right(void) { return KEY_RIGHT; }
static inline int apix_key_home(void) { return KEY_HOME; }
static inline int apix_key_end(void) { return KEY_END; }
static inline int apix_key_ppage(void) { return KEY_PPAGE; }
static inline int apix_key_npage(void) { return KEY_NPAGE; }
static inline int apix_key_backspace(void) { return KEY_BACKSPACE; }
static inline int apix_key_dc(void) { return KEY_DC; }
static inline int apix_key_ic(void) { return KEY_IC; }
static inline int apix_key_enter(void) { return KEY_ENTER; }
static inline int apix_key_btab(void) { return KEY_BTAB; }
static inline int apix_key_f(int n) { return KEY_F(n); }
static inline int apix_key_find(void) { return KEY_FIND; }
static inline int apix_key_select(void) { return KEY_SELECT; }

// Output and modes.
static inline int apix_start_color(void) { return start_color(); }
static inline int apix_has_colors(void) { return has_colors() ? 1 : 0; }
static inline int apix_use_default_colors(void) { return use_default_colors(); }
static inline int apix_color_pairs(void) { return COLOR_PAIRS; }
static inline int apix_init_pair(int pair, int fg, int bg) { return init_pair((short)pair, (short)fg, (short)bg); }
// Colours past 32767 (red, green and blue packed, on a direct-colour terminal) need the extended call.
static inline int apix_init_extended_pair(int pair, int fg, int bg) { return init_extended_pair(pair, fg, bg); }
static inline int apix_curs_set(int visibility) { return curs_set(visibility); }
static inline int apix_move(int y, int x) { return wmove(stdscr, y, x); }
static inline int apix_erase(void) { return werase(stdscr); }
static inline int apix_clearok(void) { return clearok(stdscr, TRUE); }
static inline int apix_refresh(void) { return wrefresh(stdscr); }
static inline int apix_set_escdelay(int ms) { return set_escdelay(ms); }
static inline int apix_setlocale_ctype(const char *name) { return setlocale(LC_CTYPE, name) != NULL; }

#endif

/* edit_xml.c: `edit` from the console.  The terminal is handed to the
 * editor (curses suspended, then restored and redrawn), and after an
 * invalid edit the console asks, on its bottom line, whether to edit
 * again.  E on a Matrix row edits that resource's XML.
 */
#include <curses.h>
#include <string.h>
#include "explain/command.h"
#include "terminal.h"
#include "view.h"

static void suspend_curses(gpointer data)
{
    (void)data;
    def_prog_mode();
    endwin();
}

static void resume_curses(gpointer data)
{
    (void)data;
    reset_prog_mode();
    clearok(curscr, TRUE);
    refresh();
}

/* The error on the bottom lines, and y / Enter (edit again) or n / Esc. */
static gboolean ask_again(const char *message, gpointer data)
{
    (void)data;
    int width = COLS > 1 ? COLS - 1 : 1;
    g_autofree char *line = g_strdup_printf("edit: %s", message);
    for (char *c = line; *c != '\0'; c++)
        if ((unsigned char)*c < ' ')
            *c = ' ';
    move(LINES - 2, 0);
    clrtobot();
    attron(A_REVERSE);
    mvaddnstr(LINES - 2, 0, line, width);
    attroff(A_REVERSE);
    mvaddnstr(LINES - 1, 0, "Edit again? [Y/n]", width);
    refresh();
    for (;;) {
        int key = getch();
        if (key == ERR) {
            if (cs_terminal_pending_signal() != 0)
                return FALSE;
            continue;
        }
        if (key == 'y' || key == 'Y' || key == '\n' || key == '\r' || key == KEY_ENTER)
            return TRUE;
        if (key == 'n' || key == 'N' || key == 27 || key == 'q')
            return FALSE;
    }
}

void cs_console_editor_hooks(gboolean on)
{
    static const CsCommandTerminal hooks = {suspend_curses, resume_curses, ask_again, NULL};
    cs_command_set_terminal(on ? &hooks : NULL);
}

gboolean cs_console_edit_selected(CsConsole *console)
{
    int rsc = cs_console_selected_rsc(console);
    if (rsc < 0 || console->session->model == NULL)
        return FALSE;
    const CsResource *resource = g_ptr_array_index(console->session->model->resources, rsc);
    const char *words[] = {"edit", resource->id, NULL};
    cs_console_run_words(console, words);
    return TRUE;
}

/* T: every ticket and its state (`ticket`). */
gboolean cs_console_show_tickets(CsConsole *console)
{
    const char *words[] = {"ticket", NULL};
    cs_console_run_words(console, words);
    return TRUE;
}

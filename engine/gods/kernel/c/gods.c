/* gods.py: claiming the god of a landscape. */
#include "kstate.h"

/* gods.god_commands: a claim of every free god, for a player who has none */
void k_god_commands(const KState *s, int player, KList *out) {
    if (s->player_god[player] != K_NOBODY) return;
    KCommand c = {0};
    c.type = CMD_CLAIM_GOD;
    c.player = (int8_t)player;
    for (int g = 0; g < K_LANDSCAPES; g++) {
        if (s->god_of[g] != K_NOBODY) continue;
        c.arg = (int16_t)g;
        klist_push(out, c);
    }
}

/* gods.check_claim_god: no god yet, and the landscape's god is free */
int k_claim_god_due_ok(const KState *s, int player, int landscape) {
    return s->player_god[player] == K_NOBODY && landscape >= 0 && landscape < K_LANDSCAPES
           && s->god_of[landscape] == K_NOBODY;
}

/* evolve._god_claimed */
void k_claim_god_out(KState *s, int player, int landscape) {
    k_act(s, player);
    s->god_of[landscape] = (int8_t)player;
    s->player_god[player] = (int8_t)landscape;
    s->god_ms[player] = s->clock_ms;
}

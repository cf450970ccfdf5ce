/*
 * decoders.c - the iconv descriptors a game object keeps, and uchardet
 * (decoders.h).
 */
#include <string.h>
#include <uchardet.h>
#include "sgf/decoders.h"

/* iconv_open is slow (it loads gconv modules, and closing the last user
 * unloads them again), detection tries several charsets per game, and the
 * games of one file share their charset: keep a few descriptors. */
iconv_t decoders_iconv(decoders *d, const char *name)
{
    size_t n = sizeof d->iconv_cache / sizeof d->iconv_cache[0];
    for (size_t i = 0; i < n; i++)
        if (d->iconv_cache[i].name[0] &&
            strcmp(d->iconv_cache[i].name, name) == 0) {
            iconv_t cd = (iconv_t)d->iconv_cache[i].cd;
            iconv(cd, NULL, NULL, NULL, NULL); /* back to the initial state */
            return cd;
        }
    if (strlen(name) >= sizeof d->iconv_cache[0].name)
        return (iconv_t)-1;
    iconv_t cd = iconv_open("UTF-8", name);
    if (cd == (iconv_t)-1)
        return cd;
    struct iconv_slot *slot = &d->iconv_cache[d->iconv_next++ % n];
    if (slot->name[0])
        iconv_close((iconv_t)slot->cd);
    slot->cd = (void *)cd;
    strcpy(slot->name, name);
    return cd;
}

int decoders_guess(decoders_text_fn text, const void *ctx, size_t n,
                   char name[DECODER_NAME_MAX])
{
    uchardet_t u = uchardet_new();
    if (!u)
        return 0;
    for (size_t i = 0; i < n; i++) {
        size_t len;
        const char *s = text(ctx, i, &len);
        uchardet_handle_data(u, s, len);
        uchardet_handle_data(u, "\n", 1);
    }
    uchardet_data_end(u);
    const char *r = uchardet_get_charset(u);
    size_t len = r ? strlen(r) : 0;
    int found = len > 0 && len < DECODER_NAME_MAX;
    if (found)
        memcpy(name, r, len + 1);
    uchardet_delete(u);
    return found;
}

void decoders_release(decoders *d)
{
    size_t n = sizeof d->iconv_cache / sizeof d->iconv_cache[0];
    for (size_t i = 0; i < n; i++) {
        if (d->iconv_cache[i].name[0])
            iconv_close((iconv_t)d->iconv_cache[i].cd);
        d->iconv_cache[i].name[0] = '\0';
    }
    d->iconv_next = 0;
}

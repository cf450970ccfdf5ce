#!/usr/bin/env python3
"""Writes the corpus cases that are not UTF-8 text: records in legacy
charsets, UTF-16, and binary garbage.  Text is written as Python strings and
encoded here, so every byte of these files is explained by this script (no
file is copied from a real collection).  The files are committed; run this
again only to change them:  cd corpus && python3 make-binary-cases.py
Each case is described in README.md."""

import os

HERE = os.path.dirname(os.path.abspath(__file__))


def write(rel, data):
    with open(os.path.join(HERE, rel), "wb") as f:
        f.write(data)


def moves(seq, first="B"):
    """';B[pd];W[dp]...' for a space-separated list of points."""
    out, col = [], first
    for i, m in enumerate(seq.split()):
        out.append(("\n" if i and i % 8 == 0 else "") + ";%s[%s]" % (col, m))
        col = "W" if col == "B" else "B"
    return "".join(out)


GAME = moves("pd dp pq dd fq cn jp qj qh qk")

# ---- syntax ---------------------------------------------------------------

# A binary file given an .sgf name (an image or an archive renamed by
# mistake): a PNG signature, then bytes from a fixed linear congruential
# generator, so the file is the same on every run.
state, junk = 12345, bytearray(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
for _ in range(2048):
    state = (state * 1103515245 + 12345) & 0x7FFFFFFF
    junk.append((state >> 16) & 0xFF)
write("syntax/binary-garbage.sgf", bytes(junk))

# A NUL byte between two nodes (a record written by a C program that
# wrote its terminating NUL too).
write("syntax/nul-byte.sgf",
      b"(;FF[4]GM[1]SZ[19]\n;B[pd];W[dp]\x00;B[pq];W[dd])\n")

# ---- charset --------------------------------------------------------------

# GB2312 without CA[]: the Go Seigen collections of Chinese sites.
write("charset/gb2312-no-ca.sgf", (
    "(;FF[4]GM[1]SZ[19]GN[第一届应氏杯决赛第三局]PB[聂卫平]PW[曹薰铉]"
    "KM[7.5]RE[白中盘胜]\n"
    "C[这是一盘非常精彩的对局。黑棋开局很好，但是在中盘时白棋抓住了机会，"
    "最后白棋中盘胜。]\n" + GAME + ")\n").encode("gb2312"))

# Shift-JIS without CA[] (Nihon Ki-in files, Sabaki PR#1047).  表 is 0x95
# 0x5C: its trail byte is '\', so 代表] ends "with an escaped ]" to a
# byte-wise reader, and ソ (0x83 0x5C) does the same inside the text.
sjis = ("(;FF[4]GM[1]SZ[19]GN[本因坊戦挑戦手合第七局]PB[日本代表]PW[ソウル代表]"
        "KM[6.5]RE[B+R]\n"
        "C[この対局はソフトで検討しました。黒の序盤の構想が素晴らしい一局です。]\n"
        + GAME + ")\n").encode("shift_jis")
assert b"\x95\x5c]" in sjis and b"\x83\x5c" in sjis
write("charset/shift-jis-5c.sgf", sjis)

# Big5 with CA[Big5]: 許 is 0xB3 0x5C and 功 0xA5 0x5C (the "許功蓋"
# problem); the name ends in 許, right before the ']'.
big5 = ("(;FF[4]GM[1]CA[Big5]SZ[19]GN[名人戰]PB[林海峰]PW[王立誠許]KM[6.5]RE[W+R]\n"
        "C[功夫很深的一局。]\n" + GAME + ")\n").encode("big5")
assert b"\xb3\x5c]" in big5
write("charset/big5-5c.sgf", big5)

# GBK without CA[], traditional characters whose trail byte is ']' (0x5D):
# 沒 is 0x9B 0x5D and 慮 0x91 0x5D.  The comment ends in 慮, so its last
# bytes are 0x91 0x5D 0x5D: read byte-wise, the value ends one byte early
# and a stray ']' follows.  Only a reader that knows the charset sees one
# character and one ']'.
gbk = ("(;FF[4]GM[1]SZ[19]GN[名人戰挑戰賽]PB[林海峰]PW[趙治勳]KM[5.5]RE[W+R]\n"
       "C[黑棋在這裡沒有選擇最好的下法，白棋抓住機會發揮了實力。黑棋應該更加仔細地考慮]\n"
       + GAME + ")\n").encode("gbk")
assert b"\x91\x5d]" in gbk and b"\x9b\x5d" in gbk
write("charset/gbk-5d-trail.sgf", gbk)

# CA[GB18030] written by a tool that escapes byte by byte, as FF[4] reads
# literally (SGFC -E2): the trail byte 0x5C of 運 (0xDF 0x5C) is written
# "\\\\" and the trail byte 0x5D of 揮 (0x93 0x5D) "\\]".  Unescaped
# byte-wise the value decodes cleanly; read by characters it does not.
def escape_bytes(b):
    return b.replace(b"\\", b"\\\\").replace(b"]", b"\\]")
text = "交通運輸，指揮權。".encode("gb18030")
assert b"\xdf\x5c" in text and b"\x93\x5d" in text
write("charset/gb18030-escaped-trail.sgf",
      ("(;FF[4]GM[1]CA[GB18030]SZ[19]PB[聂卫平]PW[马晓春]KM[7.5]RE[B+R]\n"
       ).encode("gb18030") + b"C[" + escape_bytes(text) + b"]\n" +
      (GAME + ")\n").encode("gb18030"))

# EUC-KR without CA[] (Tygem records scraped from the web).
write("charset/euc-kr-no-ca.sgf", (
    "(;FF[4]GM[1]SZ[19]GN[타이젬 9단 대국]PB[이세돌]PW[박정환]KM[6.5]RE[백 불계승]\n"
    "C[흑이 초반에 좋은 수를 두었지만 백이 중반에 역전했습니다.]\n"
    + GAME + ")\n").encode("euc-kr"))

# ISO-8859-1 declared by CA[] and right: nothing to say.
write("charset/latin1-ca.sgf", (
    "(;FF[4]GM[1]CA[ISO-8859-1]SZ[19]PB[Jürgen Müller]PW[François Lefèvre]"
    "KM[6.5]RE[B+R]EV[Coupe de l'Été]\n"
    "C[Très belle partie, jouée à Göttingen.]\n" + GAME + ")\n").encode("latin-1"))

# CA[UTF-8] but the text is Latin-1 (an editor that re-saved the file in
# its own charset and kept the header).
write("charset/utf8-ca-latin1-bytes.sgf", (
    "(;FF[4]GM[1]CA[UTF-8]SZ[19]PB[Jürgen Müller]PW[François Lefèvre]"
    "KM[6.5]RE[B+R]EV[Coupe de l'Été]\n"
    "C[Très belle partie, jouée à Göttingen, où l'on a bien mangé.]\n"
    + GAME + ")\n").encode("latin-1"))

# UTF-16LE with a byte order mark (Windows "Unicode" text files).
write("charset/utf16le-bom.sgf", (
    "\ufeff(;FF[4]GM[1]CA[UTF-16]SZ[19]PB[李昌镐]PW[曹薰铉]KM[6.5]RE[B+R]\n"
    "C[Saved as UTF-16.]\n" + GAME + ")\n").encode("utf-16-le"))

# UTF-8 with a byte order mark (Windows editors, the 当湖十局 files).
write("charset/utf8-bom.sgf", (
    "\ufeff(;FF[4]GM[1]CA[UTF-8]SZ[19]PB[李昌镐]PW[曹薰铉]KM[6.5]RE[B+R]\n"
    + GAME + ")\n").encode("utf-8"))

# CA[GB2312] and GB2312 text, with two bytes that are no character in any
# Chinese charset (0xFF 0xFF, a damaged copy): kept as \xNN escapes.
gb = ("(;FF[4]GM[1]CA[GB2312]SZ[19]PB[聂卫平]PW[马晓春]KM[7.5]RE[黑中盘胜]\n"
      "C[黑棋开局很好。").encode("gb2312") + b"\xff\xff" + \
     ("最后黑棋中盘胜。]\n" + GAME + ")\n").encode("gb2312")
write("charset/gb2312-undecodable.sgf", gb)

# Full-width characters where FF[4] requires US-ASCII (an input method
# left in full-width mode): SZ and a move.
write("charset/non-ascii-value.sgf", (
    "(;FF[4]GM[1]CA[UTF-8]SZ[１９]PB[Black]PW[White]\n"
    ";B[pd];W[ｄｐ];B[pq])\n").encode("utf-8"))

# ---- foreign: Tygem GIB, WBaduk NGF, PandaNet UGF --------------------------
# The same ten moves as GAME, each record in its format's usual charset
# and line ends, each beside the SGF it must read as (NAME-as-sgf.sgf,
# UTF-8, written from what the record says).  The damaged ones are cut or
# altered copies of the good ones.

FOREIGN_POINTS = "pd dp pq dd fq cn jp qj qh qk".split()


def xy(p):
    return ord(p[0]) - ord("a"), ord(p[1]) - ord("a")


def gib(cut=None):
    """Tygem: EUC-KR, CRLF; STO 0 N COLOUR X Y, X and Y from 0."""
    header = [
        ("GIBOKIND", "Global"), ("TYPE", "0"),
        ("GAMECONDITION", "호선 : 흑 6.5 덤"), ("GAMETIME", "10분 : 30초 3회"),
        ("GAMERESULT", "백 불계승"), ("GAMEZIPSU", "0"), ("GAMEDUM", "0"),
        ("GAMEGONGJE", "65"), ("GAMETOTALNUM", "10"),
        ("GAMENAME", "친선 대국"), ("GAMEDATE", "2020- 6-14- 1-26-14"),
        ("GAMEPLACE", "타이젬 바둑"),
        ("GAMEWHITENAME", "조훈현 (9D)"), ("GAMEWHITENICK", "조훈현"),
        ("GAMEBLACKNAME", "이창호 (9D)"), ("GAMEBLACKNICK", "이창호"),
        ("GAMEINFOMAIN", "GBKIND:3,GTYPE:0,GCDT:0,GTIME:600-30-3,GRLT:4,"
                         "ZIPSU:0,DUM:0,GONGJE:65,TCNT:10,AUSZ:0"),
    ]
    s = "\\HS\r\n" + "".join("\\[%s=%s\\]\r\n" % kv for kv in header)
    s += "\\HE\r\n\\GS\r\n2 1 0\r\n11 0 &4\r\nINI 0 1 0 &4 \r\n"
    for i, p in enumerate(FOREIGN_POINTS[:cut]):
        x, y = xy(p)
        s += "STO 0 %d %d %d %d \r\n" % (i + 2, 1 + i % 2, x, y)
    if cut is None:
        s += "\\GE\r\n"
    return s.encode("euc-kr")


def ngf(bad_line=False):
    """WBaduk: GB2312 here (the Chinese client), LF; twelve header lines,
    then PMnnCxyyx with 'B' for 0 and the point written twice."""
    s = ("友谊赛\n19\n马晓春      9DP\n聂卫平      9DP\nwww.cyberoro.com\n"
         "0\n0\n7\n20170316 [09:37]\n5\nWhite wins by resign!\n10\n")
    for i, p in enumerate(FOREIGN_POINTS):
        x, y = xy(p)
        a, b = chr(ord("B") + x), chr(ord("B") + y)
        if bad_line and i == 4:
            b = "Z"         # off the board, and not the mirror of the rest
        s += "PM%s%s%s%s%s%s%s\n" % (chr(65 + (i + 1) // 26),
                                   chr(65 + (i + 1) % 26),
                                   "B" if i % 2 == 0 else "W", a, b, b, a)
    return s.encode("gb2312")


def ugf():
    """PandaNet: Shift-JIS, CRLF; XY,C1,N,S with rows from the bottom
    (CoordinateType=IGS); Winner=W,C is a resignation."""
    s = ("[Header]\r\nVer=UGF3,200\r\nLang=SJIS\r\n"
         "Title=本因坊戦,PANDA-NET,\r\nPlace=PANDA-NET\r\n"
         "Date=2019/03/08,22:09:00,2019/03/08,23:16:59\r\nRule=JPN\r\n"
         "Size=19\r\nHdcp=0,6.50\r\nWinner=W,C\r\nMoves=10\r\n"
         "CoordinateType=IGS\r\nPlayerB=井山裕太,9p\r\nPlayerW=張栩,9p\r\n"
         "[Data]\r\n")
    for i, p in enumerate(FOREIGN_POINTS):
        x, y = xy(p)
        s += "%s%s,%s1,%d,0\r\n" % (chr(65 + x), chr(65 + 18 - y),
                                    "B" if i % 2 == 0 else "W", i + 1)
    return s.encode("shift-jis")


write("foreign/tygem-euc-kr.gib", gib())
write("foreign/wbaduk-gb2312.ngf", ngf())
write("foreign/pandanet-sjis.ugf", ugf())
# damaged: a download cut after the sixth move; a move line off the board;
# a file named .ugi that holds no UGF at all (a saved web page)
write("foreign/gib-truncated.gib", gib(cut=6))
write("foreign/ngf-bad-move.ngf", ngf(bad_line=True))
write("foreign/ugi-not-ugf.ugi",
      "<html><body>Kifu not found</body></html>\n".encode("ascii"))

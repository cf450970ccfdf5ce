/*
 * sgfkit_props.h - the property catalogue as an X-macro list, included by
 * sgfkit.h.  One line per property: identifier, value type, list shape,
 * class and the name the FF[4] specification gives it.
 *
 * Value types and classes are those of FF[4] (red-bean.com/sgf
 * properties.html and go.html); FF[1]-FF[3] identifiers that FF[4] dropped
 * are listed with class OBSOLETE so that they are recognised, kept and
 * reported rather than called unknown.
 */
#ifndef SGFKIT_PROPS_H
#define SGFKIT_PROPS_H

#define SGF_PROPERTY_LIST(X) \
    /* moves */ \
    X(B,  MOVE,       ONE,   MOVE,       "Black") \
    X(W,  MOVE,       ONE,   MOVE,       "White") \
    X(KO, NONE,       ONE,   MOVE,       "Ko") \
    X(MN, NUMBER,     ONE,   MOVE,       "Move number") \
    X(BL, REAL,       ONE,   MOVE,       "Black time left") \
    X(WL, REAL,       ONE,   MOVE,       "White time left") \
    X(OB, NUMBER,     ONE,   MOVE,       "OtStones Black") \
    X(OW, NUMBER,     ONE,   MOVE,       "OtStones White") \
    /* setup */ \
    X(AB, STONE,      LIST,  SETUP,      "Add Black") \
    X(AW, STONE,      LIST,  SETUP,      "Add White") \
    X(AE, POINT,      LIST,  SETUP,      "Add Empty") \
    X(PL, COLOR,      ONE,   SETUP,      "Player to play") \
    /* node annotation */ \
    X(C,  TEXT,       ONE,   NONE,       "Comment") \
    X(DM, DOUBLE,     ONE,   NONE,       "Even position") \
    X(GB, DOUBLE,     ONE,   NONE,       "Good for Black") \
    X(GW, DOUBLE,     ONE,   NONE,       "Good for White") \
    X(HO, DOUBLE,     ONE,   NONE,       "Hotspot") \
    X(N,  SIMPLETEXT, ONE,   NONE,       "Nodename") \
    X(UC, DOUBLE,     ONE,   NONE,       "Unclear position") \
    X(V,  REAL,       ONE,   NONE,       "Value") \
    /* move annotation */ \
    X(BM, DOUBLE,     ONE,   ANNOTATION, "Bad move") \
    X(DO, NONE,       ONE,   ANNOTATION, "Doubtful") \
    X(IT, NONE,       ONE,   ANNOTATION, "Interesting") \
    X(TE, DOUBLE,     ONE,   ANNOTATION, "Tesuji") \
    /* markup */ \
    X(AR, POINT_POINT, LIST, MARKUP,     "Arrow") \
    X(CR, POINT,      LIST,  MARKUP,     "Circle") \
    X(DD, POINT,      ELIST, INHERIT,    "Dim points") \
    X(LB, POINT_TEXT, LIST,  MARKUP,     "Label") \
    X(LN, POINT_POINT, LIST, MARKUP,     "Line") \
    X(MA, POINT,      LIST,  MARKUP,     "Mark") \
    X(SL, POINT,      LIST,  MARKUP,     "Selected") \
    X(SQ, POINT,      LIST,  MARKUP,     "Square") \
    X(TR, POINT,      LIST,  MARKUP,     "Triangle") \
    /* root */ \
    X(AP, SIMPLE_SIMPLE, ONE, ROOT,      "Application") \
    X(CA, SIMPLETEXT, ONE,   ROOT,       "Charset") \
    X(FF, NUMBER,     ONE,   ROOT,       "Fileformat") \
    X(GM, NUMBER,     ONE,   ROOT,       "Game") \
    X(ST, NUMBER,     ONE,   ROOT,       "Style") \
    X(SZ, SIZE,       ONE,   ROOT,       "Size") \
    /* game info */ \
    X(AN, SIMPLETEXT, ONE,   GAMEINFO,   "Annotation") \
    X(BR, SIMPLETEXT, ONE,   GAMEINFO,   "Black rank") \
    X(BT, SIMPLETEXT, ONE,   GAMEINFO,   "Black team") \
    X(CP, SIMPLETEXT, ONE,   GAMEINFO,   "Copyright") \
    X(DT, SIMPLETEXT, ONE,   GAMEINFO,   "Date") \
    X(EV, SIMPLETEXT, ONE,   GAMEINFO,   "Event") \
    X(GC, TEXT,       ONE,   GAMEINFO,   "Game comment") \
    X(GN, SIMPLETEXT, ONE,   GAMEINFO,   "Game name") \
    X(ON, SIMPLETEXT, ONE,   GAMEINFO,   "Opening") \
    X(OT, SIMPLETEXT, ONE,   GAMEINFO,   "Overtime") \
    X(PB, SIMPLETEXT, ONE,   GAMEINFO,   "Player Black") \
    X(PC, SIMPLETEXT, ONE,   GAMEINFO,   "Place") \
    X(PW, SIMPLETEXT, ONE,   GAMEINFO,   "Player White") \
    X(RE, SIMPLETEXT, ONE,   GAMEINFO,   "Result") \
    X(RO, SIMPLETEXT, ONE,   GAMEINFO,   "Round") \
    X(RU, SIMPLETEXT, ONE,   GAMEINFO,   "Rules") \
    X(SO, SIMPLETEXT, ONE,   GAMEINFO,   "Source") \
    X(TM, REAL,       ONE,   GAMEINFO,   "Timelimit") \
    X(US, SIMPLETEXT, ONE,   GAMEINFO,   "User") \
    X(WR, SIMPLETEXT, ONE,   GAMEINFO,   "White rank") \
    X(WT, SIMPLETEXT, ONE,   GAMEINFO,   "White team") \
    X(HA, NUMBER,     ONE,   GAMEINFO,   "Handicap") \
    X(KM, REAL,       ONE,   GAMEINFO,   "Komi") \
    /* Go territory */ \
    X(TB, POINT,      ELIST, NONE,       "Territory Black") \
    X(TW, POINT,      ELIST, NONE,       "Territory White") \
    /* miscellaneous */ \
    X(FG, FIGURE,     ONE,   NONE,       "Figure") \
    X(PM, NUMBER,     ONE,   INHERIT,    "Print move mode") \
    X(VW, POINT,      ELIST, INHERIT,    "View") \
    /* FF[1]-FF[3] identifiers dropped by FF[4] (converting.html) */ \
    X(BS, NUMBER,     ONE,   OBSOLETE,   "Black species") \
    X(CH, DOUBLE,     ONE,   OBSOLETE,   "Check mark") \
    X(CI, UNKNOWN,    ONE,   OBSOLETE,   "Cities") \
    X(EL, UNKNOWN,    ONE,   OBSOLETE,   "Evaluation") \
    X(EX, UNKNOWN,    ONE,   OBSOLETE,   "Expected move") \
    X(ID, SIMPLETEXT, ONE,   OBSOLETE,   "Game identifier") \
    X(KI, NUMBER,     ONE,   OBSOLETE,   "Integer komi") \
    X(L,  POINT,      LIST,  OBSOLETE,   "Letters") \
    X(LT, NONE,       ONE,   OBSOLETE,   "Lose on time") \
    X(M,  POINT,      LIST,  OBSOLETE,   "Mark") \
    X(OM, NUMBER,     ONE,   OBSOLETE,   "Moves per overtime") \
    X(OP, REAL,       ONE,   OBSOLETE,   "Overtime length") \
    X(OV, REAL,       ONE,   OBSOLETE,   "Operator overhead") \
    X(RG, POINT,      LIST,  OBSOLETE,   "Region") \
    X(SC, POINT,      LIST,  OBSOLETE,   "Secure stones") \
    X(SE, POINT,      LIST,  OBSOLETE,   "Self-test moves") \
    X(SI, DOUBLE,     ONE,   OBSOLETE,   "Sigma") \
    X(TC, NUMBER,     ONE,   OBSOLETE,   "Territory count") \
    X(WS, NUMBER,     ONE,   OBSOLETE,   "White species")

/* SGF_P_B, SGF_P_W, ... in catalogue order; SGF_P_UNKNOWN for the rest. */
enum sgf_prop_kind {
#define SGF_PROP_ENUM_(id, type, list, cls, name) SGF_P_##id,
    SGF_PROPERTY_LIST(SGF_PROP_ENUM_)
#undef SGF_PROP_ENUM_
    SGF_P_COUNT,
    SGF_P_UNKNOWN = SGF_P_COUNT
};

#endif /* SGFKIT_PROPS_H */

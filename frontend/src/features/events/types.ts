/** The two shot flows: the Helsinki Basketball Festival booth ('hbf') and the web flow ('shot'). */
export type ShotKind = 'hbf' | 'shot';

// Tokens of the kernel language (a Python subset). Indentation is not handled
// here: this grammar only produces raw NEWLINE tokens, and IndentLexerBase
// (indent_lexer_base.h) turns them into NEWLINE/INDENT/DEDENT, drops the ones
// inside brackets and reports indentation errors.
lexer grammar NkiLexer;

options { superClass = IndentLexerBase; }

tokens { INDENT, DEDENT }

@lexer::header {
#include "grammar/indent_lexer_base.h"
}

@lexer::members {
 protected:
  TokenKinds token_kinds() const override {
    return {NEWLINE, INDENT, DEDENT, OPEN_PAREN, OPEN_BRACK, OPEN_BRACE,
            CLOSE_PAREN, CLOSE_BRACK, CLOSE_BRACE, STRING, UNTERMINATED_STRING};
  }
 public:
}

// Keywords. The ones of Python we do not support are still reserved so that
// they cannot be used as names and give a clear error.
FALSE    : 'False';
NONE     : 'None';
TRUE     : 'True';
AND      : 'and';
AS       : 'as';
ASSERT   : 'assert';
BREAK    : 'break';
CLASS    : 'class';
CONTINUE : 'continue';
DEF      : 'def';
DEL      : 'del';
ELIF     : 'elif';
ELSE     : 'else';
FOR      : 'for';
FROM     : 'from';
GLOBAL   : 'global';
IF       : 'if';
IMPORT   : 'import';
IN       : 'in';
IS       : 'is';
LAMBDA   : 'lambda';
NONLOCAL : 'nonlocal';
NOT      : 'not';
OR       : 'or';
PASS     : 'pass';
RAISE    : 'raise';
RETURN   : 'return';
WHILE    : 'while';
// reserved, unsupported
ASYNC    : 'async';
AWAIT    : 'await';
EXCEPT   : 'except';
FINALLY  : 'finally';
TRY      : 'try';
WITH     : 'with';
YIELD    : 'yield';

NEWLINE : '\r'? '\n' | '\r';

NAME : [a-zA-Z_] [a-zA-Z_0-9]*;

// Numbers; their values are computed by the AST builder.
INTEGER
  : [1-9] ('_'? [0-9])*
  | '0'+ ('_'? '0')*
  | '0' [xX] ('_'? [0-9a-fA-F])+
  | '0' [oO] ('_'? [0-7])+
  | '0' [bB] ('_'? [01])+
  ;
FLOAT
  : DIGITS? '.' DIGITS EXPONENT?
  | DIGITS '.' EXPONENT?
  | DIGITS EXPONENT
  ;

// A string with its prefix and quotes; the builder decodes it. An unclosed
// string is its own token so the base class can report it and carry on.
STRING : STRING_PREFIX? (SHORT_STRING_SQ | SHORT_STRING_DQ | LONG_STRING_SQ | LONG_STRING_DQ);
UNTERMINATED_STRING
  : STRING_PREFIX? ( '\'' SHORT_ITEM_SQ* | '"' SHORT_ITEM_DQ*
                   | '\'\'\'' LONG_ITEM_SQ* ('\'' | '\'\'')?
                   | '"""' LONG_ITEM_DQ* ('"' | '""')? )
  ;

// Operators and punctuation.
ELLIPSIS     : '...';
DOT          : '.';
STAR         : '*';
OPEN_PAREN   : '(';
CLOSE_PAREN  : ')';
COMMA        : ',';
COLON        : ':';
SEMI         : ';';
POWER        : '**';
ASSIGN       : '=';
OPEN_BRACK   : '[';
CLOSE_BRACK  : ']';
OR_OP        : '|';
XOR          : '^';
AND_OP       : '&';
LEFT_SHIFT   : '<<';
RIGHT_SHIFT  : '>>';
ADD          : '+';
MINUS        : '-';
DIV          : '/';
MOD          : '%';
IDIV         : '//';
NOT_OP       : '~';
OPEN_BRACE   : '{';
CLOSE_BRACE  : '}';
LESS_THAN    : '<';
GREATER_THAN : '>';
EQUALS       : '==';
GT_EQ        : '>=';
LT_EQ        : '<=';
NOT_EQ       : '!=';
AT           : '@';
ARROW        : '->';
ADD_ASSIGN   : '+=';
SUB_ASSIGN   : '-=';
MULT_ASSIGN  : '*=';
AT_ASSIGN    : '@=';
DIV_ASSIGN   : '/=';
MOD_ASSIGN   : '%=';
AND_ASSIGN   : '&=';
OR_ASSIGN    : '|=';
XOR_ASSIGN   : '^=';
LSHIFT_ASSIGN: '<<=';
RSHIFT_ASSIGN: '>>=';
POWER_ASSIGN : '**=';
IDIV_ASSIGN  : '//=';

SKIP_WS   : [ \t\f]+ -> skip;
COMMENT   : '#' ~[\r\n]* -> skip;
LINE_JOIN : '\\' [ \t\f]* ('\r'? '\n' | '\r') -> skip;

fragment DIGITS   : [0-9] ('_'? [0-9])*;
fragment EXPONENT : [eE] [+-]? DIGITS;
fragment STRING_PREFIX
  : [rR] | [uU] | [fF] | [bB] | [rR][fF] | [fF][rR] | [rR][bB] | [bB][rR];
fragment SHORT_STRING_SQ : '\'' SHORT_ITEM_SQ* '\'';
fragment SHORT_STRING_DQ : '"' SHORT_ITEM_DQ* '"';
fragment SHORT_ITEM_SQ : ~[\\\r\n'] | '\\' ('\r\n' | .);
fragment SHORT_ITEM_DQ : ~[\\\r\n"] | '\\' ('\r\n' | .);
fragment LONG_STRING_SQ : '\'\'\'' LONG_ITEM_SQ* '\'\'\'';
fragment LONG_STRING_DQ : '"""' LONG_ITEM_DQ* '"""';
// Any character sequence that does not contain the closing triple quote.
fragment LONG_ITEM_SQ : LONG_CHAR_SQ | '\'' LONG_CHAR_SQ | '\'\'' LONG_CHAR_SQ;
fragment LONG_ITEM_DQ : LONG_CHAR_DQ | '"' LONG_CHAR_DQ | '""' LONG_CHAR_DQ;
fragment LONG_CHAR_SQ : ~['\\] | '\\' ('\r\n' | .);
fragment LONG_CHAR_DQ : ~["\\] | '\\' ('\r\n' | .);

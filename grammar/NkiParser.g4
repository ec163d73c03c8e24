// Syntax of the kernel language: the Python subset of SPEC section 1. Labeled
// alternatives give the AST builder (frontend/ast_builder.cpp) one context
// type per construct. Expressions follow Python's precedence, lowest first:
// lambda, if-else, or, and, not, comparisons, |, ^, &, shifts, + -, * / // % @,
// unary + - ~, **, then primaries. The base class bounds recursion depth and
// frees the subtrees the frontend has converted (grammar/pruning_parser_base.h).
parser grammar NkiParser;

options {
  tokenVocab = NkiLexer;
  superClass = GuardedParserBase;
  contextSuperClass = PrunableContext;
}

@parser::header {
#include "grammar/guarded_parser_base.h"
}

file_input : (NEWLINE | stmt)* EOF;
eval_input : testlist EOF;

stmt : simple_stmts | compound_stmt;

simple_stmts : simple_stmt (SEMI simple_stmt)* SEMI? NEWLINE;

simple_stmt
  : PASS                                          # passStmt
  | BREAK                                         # breakStmt
  | CONTINUE                                      # continueStmt
  | RETURN testlist_star?                         # returnStmt
  | RAISE (test (FROM test)?)?                    # raiseStmt
  | GLOBAL NAME (COMMA NAME)*                     # globalStmt
  | NONLOCAL NAME (COMMA NAME)*                   # nonlocalStmt
  | DEL exprlist                                  # delStmt
  | ASSERT test (COMMA test)?                     # assertStmt
  | IMPORT dotted_as_name (COMMA dotted_as_name)* # importStmt
  | FROM import_from_module IMPORT
      ( STAR
      | import_as_names
      | OPEN_PAREN import_as_names CLOSE_PAREN )  # importFromStmt
  | testlist_star
      ( COLON test (ASSIGN testlist_star)?
      | augassign testlist_star
      | (ASSIGN testlist_star)* )                 # exprStmt
  ;

augassign
  : ADD_ASSIGN | SUB_ASSIGN | MULT_ASSIGN | AT_ASSIGN | DIV_ASSIGN | MOD_ASSIGN
  | AND_ASSIGN | OR_ASSIGN | XOR_ASSIGN | LSHIFT_ASSIGN | RSHIFT_ASSIGN
  | POWER_ASSIGN | IDIV_ASSIGN
  ;

dotted_name : NAME (DOT NAME)*;
// `...` lexes as one ELLIPSIS token: three levels of a relative import.
import_from_module : (DOT | ELLIPSIS)* dotted_name | (DOT | ELLIPSIS)+;
dotted_as_name : dotted_name (AS NAME)?;
import_as_name : NAME (AS NAME)?;
import_as_names : import_as_name (COMMA import_as_name)* COMMA?;

compound_stmt
  : IF test COLON block (ELIF test COLON block)* (ELSE COLON block)? # ifStmt
  | WHILE test COLON block (ELSE COLON block)?                      # whileStmt
  | FOR exprlist IN testlist COLON block (ELSE COLON block)?        # forStmt
  | TRY COLON block except_clause*
      (ELSE COLON block)? (FINALLY COLON block)?                     # tryStmt
  | decorator* (funcdef | classdef)                                  # defStmt
  ;

except_clause : EXCEPT (test (AS NAME)?)? COLON block;

decorator : AT test NEWLINE;
funcdef : DEF NAME OPEN_PAREN parameters? CLOSE_PAREN (ARROW test)? COLON block;
classdef : CLASS NAME (OPEN_PAREN (test (COMMA test)* COMMA?)? CLOSE_PAREN)? COLON block;

block : simple_stmts | NEWLINE INDENT stmt+ DEDENT;

parameters : param (COMMA param)* COMMA?;
param
  : NAME (COLON test)? (ASSIGN test)? # plainParam
  | STAR (NAME (COLON test)?)?        # starParam
  | POWER NAME (COLON test)?          # kwargsParam
  ;

lambda_params : lambda_param (COMMA lambda_param)* COMMA?;
lambda_param
  : NAME (ASSIGN test)? # plainLambdaParam
  | STAR NAME?          # starLambdaParam
  | POWER NAME          # kwargsLambdaParam
  ;

// ---- expressions ------------------------------------------------------------

test
  : logic (IF logic ELSE test)?          # condTest
  | LAMBDA lambda_params? COLON test      # lambdaTest
  ;

logic
  : NOT logic                            # notLogic
  | logic AND logic                      # andLogic
  | logic OR logic                       # orLogic
  | comparison                           # cmpLogic
  ;

comparison : expr (comp_op expr)*;
comp_op
  : LESS_THAN | GREATER_THAN | EQUALS | GT_EQ | LT_EQ | NOT_EQ
  | IN | NOT IN | IS | IS NOT
  ;

expr
  : <assoc=right> expr POWER expr                  # powerExpr
  | op=(ADD | MINUS | NOT_OP) expr                 # unaryExpr
  | expr op=(STAR | DIV | IDIV | MOD | AT) expr    # binaryExpr
  | expr op=(ADD | MINUS) expr                     # binaryExpr
  | expr op=(LEFT_SHIFT | RIGHT_SHIFT) expr        # binaryExpr
  | expr op=AND_OP expr                            # binaryExpr
  | expr op=XOR expr                               # binaryExpr
  | expr op=OR_OP expr                             # binaryExpr
  | atom trailer*                                  # primaryExpr
  ;

star_expr : STAR expr;

atom
  : OPEN_PAREN (testlist_comp)? CLOSE_PAREN          # parenAtom
  | OPEN_BRACK (testlist_comp)? CLOSE_BRACK          # listAtom
  | OPEN_BRACE (dict_item (comp_for+ | (COMMA dict_item)* COMMA?))? CLOSE_BRACE  # dictAtom
  | NAME                                             # nameAtom
  | INTEGER                                          # intAtom
  | FLOAT                                            # floatAtom
  | STRING+                                          # stringAtom
  | ELLIPSIS                                         # ellipsisAtom
  | NONE                                             # noneAtom
  | TRUE                                             # trueAtom
  | FALSE                                            # falseAtom
  ;

dict_item : test COLON test | POWER expr;

// `(x)`, `(x,)`, `(a, *b)`, `[e for x in xs]`.
testlist_comp : (test | star_expr) (comp_for+ | (COMMA (test | star_expr))* COMMA?);
comp_for : FOR exprlist IN comp_cond (IF comp_cond)*;
// The iterable and each condition, as a rule of their own so that the
// frontend can build and free each one as soon as it is parsed.
comp_cond : logic;

trailer
  : OPEN_PAREN arglist? CLOSE_PAREN      # callTrailer
  | OPEN_BRACK subscriptlist CLOSE_BRACK # subscriptTrailer
  | DOT NAME                             # attrTrailer
  ;

subscriptlist : subscript (COMMA subscript)* COMMA?;
// `i` or a slice `lower:upper:step`, each part optional.
subscript : test slice_tail? | slice_tail;
slice_tail : COLON upper=test? (COLON step=test?)?;

exprlist : (expr | star_expr) (COMMA (expr | star_expr))* COMMA?;
testlist : test (COMMA test)* COMMA?;
testlist_star : (test | star_expr) (COMMA (test | star_expr))* COMMA?;

arglist : argument (COMMA argument)* COMMA?;
// `f(x for x in xs)` is accepted and built as a list comprehension.
argument
  : test comp_for*     # plainArgument
  | NAME ASSIGN test   # keywordArgument
  | STAR test          # starArgument
  | POWER test         # kwargsArgument
  ;

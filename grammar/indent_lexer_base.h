// The base class of the generated lexer: turns Python's line structure into
// tokens. The grammar's lexer rules produce one raw NEWLINE per line break;
// this class drops the ones inside brackets and on blank or comment-only
// lines, and compares each logical line's indentation with a stack of open
// blocks to emit INDENT and DEDENT. INDENT and DEDENT are empty tokens placed
// at the first token of the new line, so errors at them point there.
//
// Tab policy (Python's): a tab advances the column to the next multiple of
// kTabSize. Because a reader's tab width may differ, indentation whose
// comparison with the enclosing block changes when tabs count as one column
// is rejected as "inconsistent use of tabs and spaces in indentation".
//
// Errors go to the lexer's error listeners with their line and column. After
// an indentation or nesting error the lexer stops (emits EOF): what follows
// would only produce confusing follow-on errors.
#pragma once

#include <cstddef>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "antlr4-runtime.h"

namespace nkic {

class IndentLexerBase : public antlr4::Lexer {
 public:
  // The generated parser recurses several C++ frames per bracket level, so
  // deeper nesting is refused before it can exhaust the stack (Python's limit
  // is 200).
  static constexpr int kMaxNesting = 100;
  // The same reason for nested blocks; Python's limit is 100 too.
  static constexpr int kMaxIndentLevels = 100;
  static constexpr int kTabSize = 8;
  // Tokens of one text. Parsing and the AST take from about 300 bytes per
  // token (a long list of numbers, many short statements) to about 530
  // (`del a, a, ...`, the costliest shape measured); 4M tokens therefore
  // stay near 2 GB, so the largest accepted input parses within a 4 GB
  // address space. A 4M-token kernel is a 4 MB file or more.
  static constexpr size_t kMaxTokens = 4'000'000;

  explicit IndentLexerBase(antlr4::CharStream* input);

  std::unique_ptr<antlr4::Token> nextToken() override;
  void reset() override;

  // In expression mode there is no line structure: every newline is ignored
  // and no INDENT/DEDENT is produced (for parse_expression and f-string fields).
  void set_expression_mode(bool on) { expression_mode_ = on; }
  // Whether a fatal error stopped the lexer early.
  bool halted() const { return halted_; }
  // Whether it stopped at kMaxTokens.
  bool out_of_tokens() const { return out_of_tokens_; }

 protected:
  // The token types the base class needs; the generated lexer supplies them.
  struct TokenKinds {
    size_t newline, indent, dedent;
    size_t open_paren, open_brack, open_brace;
    size_t close_paren, close_brack, close_brace;
    size_t string, unterminated_string;
  };
  virtual TokenKinds token_kinds() const = 0;

 private:
  // One open block: its indentation with tabs to kTabSize and with tabs as 1.
  struct Indent {
    int col = 0;
    int alt_col = 0;
  };

  void pump();
  void on_eof(std::unique_ptr<antlr4::Token> eof);
  void on_first_token_of_line(const antlr4::Token& t);
  Indent measure_indent(size_t line_start, size_t token_start);
  bool track_brackets(const antlr4::Token& t);
  std::unique_ptr<antlr4::Token> copy_as(const antlr4::Token& t, size_t type);
  std::unique_ptr<antlr4::Token> marker(size_t type, const antlr4::Token& at);
  void push_marker(size_t type, const antlr4::Token& at);
  void error(const antlr4::Token& at, const std::string& message);
  void halt(const antlr4::Token& at);

  std::deque<std::unique_ptr<antlr4::Token>> pending_;
  std::vector<Indent> indents_;  // the open blocks; indents_[0] is column 0
  int bracket_depth_ = 0;
  bool at_line_start_ = true;    // no token of the current logical line yet
  size_t line_start_index_ = 0;  // char index where the current physical line starts
  bool expression_mode_ = false;
  bool halted_ = false;
  bool out_of_tokens_ = false;
  size_t token_count_ = 0;
  bool kinds_ready_ = false;
  TokenKinds kinds_{};
};

}  // namespace nkic

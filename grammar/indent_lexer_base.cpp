// Indentation and bracket tracking for the generated lexer; see the header.
#include "grammar/indent_lexer_base.h"

namespace nkic {

IndentLexerBase::IndentLexerBase(antlr4::CharStream* input) : antlr4::Lexer(input) {
  indents_.push_back(Indent{});
}

void IndentLexerBase::reset() {
  antlr4::Lexer::reset();
  pending_.clear();
  indents_.assign(1, Indent{});
  bracket_depth_ = 0;
  at_line_start_ = true;
  line_start_index_ = 0;
  halted_ = false;
  out_of_tokens_ = false;
  token_count_ = 0;
}

std::unique_ptr<antlr4::Token> IndentLexerBase::nextToken() {
  if (!kinds_ready_) {
    kinds_ = token_kinds();
    kinds_ready_ = true;
  }
  while (pending_.empty()) pump();
  std::unique_ptr<antlr4::Token> t = std::move(pending_.front());
  // EOF stays queued so that every later call returns it again.
  if (t->getType() == antlr4::Token::EOF) {
    pending_.front() = copy_as(*t, t->getType());
  } else {
    pending_.pop_front();
  }
  return t;
}

void IndentLexerBase::pump() {
  std::unique_ptr<antlr4::Token> t = antlr4::Lexer::nextToken();
  const size_t type = t->getType();
  if (type == antlr4::Token::EOF) {
    on_eof(std::move(t));
    return;
  }
  // Every token the grammar's rules make counts, line breaks included.
  if (++token_count_ > kMaxTokens) {
    error(*t, "too many tokens (the limit is " + std::to_string(kMaxTokens) + ")");
    out_of_tokens_ = true;
    halt(*t);
    return;
  }
  if (type == kinds_.newline) {
    line_start_index_ = t->getStopIndex() + 1;
    const bool joined = expression_mode_ || bracket_depth_ > 0 || at_line_start_;
    if (!joined) {
      at_line_start_ = true;
      pending_.push_back(std::move(t));
    }
    return;
  }
  if (type == kinds_.unterminated_string) {
    error(*t, "unterminated string literal");
    t = copy_as(*t, kinds_.string);
  }
  if (at_line_start_ && !expression_mode_) {
    at_line_start_ = false;
    on_first_token_of_line(*t);
    if (halted_) return;
  }
  if (!track_brackets(*t)) return;
  pending_.push_back(std::move(t));
}

void IndentLexerBase::on_eof(std::unique_ptr<antlr4::Token> eof) {
  if (!expression_mode_) {
    // Inside an open bracket the statement is unfinished: the parser should
    // meet EOF right there and say so.
    if (!at_line_start_ && bracket_depth_ == 0) push_marker(kinds_.newline, *eof);
    for (size_t i = 1; i < indents_.size(); ++i) push_marker(kinds_.dedent, *eof);
    indents_.resize(1);
    at_line_start_ = true;
  }
  pending_.push_back(std::move(eof));
}

IndentLexerBase::Indent IndentLexerBase::measure_indent(size_t line_start, size_t token_start) {
  Indent ind;
  if (token_start <= line_start) return ind;
  const std::string text = _input->getText(antlr4::misc::Interval(line_start, token_start - 1));
  for (char c : text) {
    if (c == ' ') {
      ++ind.col;
      ++ind.alt_col;
    } else if (c == '\t') {
      ind.col = (ind.col / kTabSize + 1) * kTabSize;
      ++ind.alt_col;
    } else if (c == '\f') {
      ind = Indent{};  // a form feed restarts the count, as in Python
    } else {
      break;  // e.g. a line continuation: only the leading blanks count
    }
  }
  return ind;
}

void IndentLexerBase::on_first_token_of_line(const antlr4::Token& t) {
  const Indent ind = measure_indent(line_start_index_, t.getStartIndex());
  const Indent top = indents_.back();
  if (ind.col == top.col) {
    if (ind.alt_col != top.alt_col) {
      error(t, "inconsistent use of tabs and spaces in indentation");
      halt(t);
    }
    return;
  }
  if (ind.col > top.col) {
    if (ind.alt_col <= top.alt_col) {
      error(t, "inconsistent use of tabs and spaces in indentation");
      halt(t);
      return;
    }
    if (static_cast<int>(indents_.size()) > kMaxIndentLevels) {
      error(t, "too many levels of indentation");
      halt(t);
      return;
    }
    indents_.push_back(ind);
    push_marker(kinds_.indent, t);
    return;
  }
  while (indents_.size() > 1 && ind.col < indents_.back().col) {
    indents_.pop_back();
    push_marker(kinds_.dedent, t);
  }
  if (ind.col != indents_.back().col) {
    error(t, "unindent does not match any outer indentation level");
    halt(t);
  } else if (ind.alt_col != indents_.back().alt_col) {
    error(t, "inconsistent use of tabs and spaces in indentation");
    halt(t);
  }
}

// Returns false when the token must not be emitted (the lexer halted).
bool IndentLexerBase::track_brackets(const antlr4::Token& t) {
  const size_t type = t.getType();
  if (type == kinds_.open_paren || type == kinds_.open_brack || type == kinds_.open_brace) {
    if (++bracket_depth_ > kMaxNesting) {
      error(t, "too many nested brackets");
      halt(t);
      return false;
    }
  } else if (type == kinds_.close_paren || type == kinds_.close_brack ||
             type == kinds_.close_brace) {
    // An unmatched closer is the parser's error to report; never go negative.
    if (bracket_depth_ > 0) --bracket_depth_;
  }
  return true;
}

std::unique_ptr<antlr4::Token> IndentLexerBase::copy_as(const antlr4::Token& t, size_t type) {
  return getTokenFactory()->create(std::make_pair(static_cast<antlr4::TokenSource*>(this), _input),
                                   type, t.getText(), t.getChannel(), t.getStartIndex(),
                                   t.getStopIndex(), t.getLine(), t.getCharPositionInLine());
}

// An empty token of `type` just before `at` (stop index = start - 1 marks it empty).
std::unique_ptr<antlr4::Token> IndentLexerBase::marker(size_t type, const antlr4::Token& at) {
  const size_t start = at.getStartIndex();
  return getTokenFactory()->create(std::make_pair(static_cast<antlr4::TokenSource*>(this), _input),
                                   type, "", antlr4::Token::DEFAULT_CHANNEL, start, start - 1,
                                   at.getLine(), at.getCharPositionInLine());
}

void IndentLexerBase::push_marker(size_t type, const antlr4::Token& at) {
  pending_.push_back(marker(type, at));
}

void IndentLexerBase::error(const antlr4::Token& at, const std::string& message) {
  getErrorListenerDispatch().syntaxError(this, nullptr, at.getLine(), at.getCharPositionInLine(),
                                         message, nullptr);
}

void IndentLexerBase::halt(const antlr4::Token& at) {
  halted_ = true;
  pending_.push_back(marker(antlr4::Token::EOF, at));
}

}  // namespace nkic

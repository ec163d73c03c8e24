// The frontend pipeline: text -> tokens -> parse tree -> AST. Syntax errors
// are collected by our own error listener (ANTLR's console listeners are
// removed) and reported as `FILE:LINE:COL: error: MESSAGE`, with ANTLR's
// wording mapped to short messages. Only the first error of a line is
// reported, and none from the parser once the lexer stopped on a fatal error,
// so one mistake does not produce a cascade. With any syntax error no AST is
// built (the tree then has holes) and nullptr is returned. After the first
// error, INDENT/DEDENT mismatches are not reported: they follow from it.
//
// Parsing tries ANTLR's fast SLL prediction first and falls back to full LL
// only when SLL fails, which gives the same result for this grammar.
#include "frontend/parse.h"

#include <optional>

#include "NkiLexer.h"
#include "NkiParser.h"
#include "frontend/ast_builder.h"
#include "frontend/resolve.h"
#include "frontend/text_positions.h"

namespace nkic {
namespace {

using gen::NkiLexer;
using gen::NkiParser;

// Longer token texts are cut in messages.
constexpr size_t kMaxTokenTextInMessage = 20;

std::string describe(const antlr4::Token* t) {
  switch (t->getType()) {
    case antlr4::Token::EOF: return "end of file";
    case NkiParser::NEWLINE: return "end of line";
    case NkiParser::INDENT: return "indent";
    case NkiParser::DEDENT: return "dedent";
    default: break;
  }
  std::string text = t->getText();
  if (text.size() > kMaxTokenTextInMessage) text = text.substr(0, kMaxTokenTextInMessage) + "...";
  return "'" + text + "'";
}

bool unsupported_keyword(size_t type) {
  switch (type) {
    case NkiParser::ASYNC:
    case NkiParser::AWAIT:
    case NkiParser::EXCEPT:
    case NkiParser::FINALLY:
    case NkiParser::TRY:
    case NkiParser::WITH:
    case NkiParser::YIELD: return true;
    default: return false;
  }
}

// A construct of Python the language leaves out, recognised where the
// parser stops in it, so that the message says so instead of pointing at a
// token: `:=`, `match` statements, set literals and comprehensions. Located
// from `first` to `last`.
struct Unsupported {
  std::string message;
  const antlr4::Token* first = nullptr;
  const antlr4::Token* last = nullptr;
};

const antlr4::Token* token_at(antlr4::TokenStream& tokens, size_t index, long delta) {
  const long i = static_cast<long>(index) + delta;
  if (i < 0 || static_cast<size_t>(i) >= tokens.size()) return nullptr;
  return tokens.get(static_cast<size_t>(i));
}

bool adjacent(const antlr4::Token& a, const antlr4::Token& b) {
  return a.getStopIndex() + 1 == b.getStartIndex();
}

bool ends_line(const antlr4::Token& t) {
  const size_t type = t.getType();
  return type == NkiParser::NEWLINE || type == NkiParser::INDENT || type == NkiParser::DEDENT ||
         type == antlr4::Token::EOF;
}

// The first token of the logical line holding token `index`.
const antlr4::Token* statement_head(antlr4::TokenStream& tokens, size_t index) {
  size_t begin = index;
  while (begin > 0 && !ends_line(*tokens.get(begin - 1))) --begin;
  return tokens.get(begin);
}

std::optional<Unsupported> unsupported_construct(antlr4::Parser& parser, const antlr4::Token* t) {
  antlr4::TokenStream& tokens = *parser.getTokenStream();
  const size_t index = t->getTokenIndex();
  // ':=' lexes as ':' and '='; the parser stops at one of them.
  const antlr4::Token* next = token_at(tokens, index, 1);
  const antlr4::Token* prev = index > 0 ? token_at(tokens, index, -1) : nullptr;
  if (t->getType() == NkiParser::COLON && next && next->getType() == NkiParser::ASSIGN &&
      adjacent(*t, *next)) {
    return Unsupported{"assignment expressions (:=) are not supported", t, next};
  }
  if (t->getType() == NkiParser::ASSIGN && prev && prev->getType() == NkiParser::COLON &&
      adjacent(*prev, *t)) {
    return Unsupported{"assignment expressions (:=) are not supported", prev, t};
  }
  // `match SUBJECT:`: a statement that begins with the name `match` and
  // whose line ends with ':' (as Python tells its soft keyword apart).
  const antlr4::Token* head = statement_head(tokens, index);
  if (head->getType() == NkiParser::NAME && head->getText() == "match") {
    size_t end = head->getTokenIndex();
    while (end + 1 < tokens.size() && !ends_line(*tokens.get(end + 1))) ++end;
    if (end > head->getTokenIndex() && tokens.get(end)->getType() == NkiParser::COLON) {
      return Unsupported{"match statements are not supported", head, head};
    }
  }
  // `{a, b}` and `{x for x in xs}` stop in the first dict item, wanting ':'.
  auto* item = dynamic_cast<NkiParser::Dict_itemContext*>(parser.getContext());
  auto* dict = item ? dynamic_cast<NkiParser::DictAtomContext*>(item->parent) : nullptr;
  if (dict && !dict->dict_item().empty() && dict->dict_item(0) == item) {
    const bool comprehension = t->getType() == NkiParser::FOR;
    const char* what = comprehension ? "set comprehensions" : "set literals";
    return Unsupported{std::string(what) + " are not supported", dict->getStart(),
                       dict->getStart()};
  }
  return std::nullopt;
}

std::string parser_message(antlr4::Parser& parser, const antlr4::Token* t) {
  const size_t type = t->getType();
  if (type == NkiParser::INDENT) return "unexpected indent";
  if (unsupported_keyword(type)) return "'" + t->getText() + "' is not supported";
  const antlr4::misc::IntervalSet expected = parser.getExpectedTokens();
  if (expected.contains(static_cast<size_t>(NkiParser::INDENT))) return "expected an indented block";
  if (type == antlr4::Token::EOF) return "unexpected EOF while parsing";
  // At the end of a line the caret already shows what is missing and where.
  const std::string found = type == NkiParser::NEWLINE ? "" : " but found " + describe(t);
  // A line that stops where a block should open (`def f(x)`, `if c`).
  if (type == NkiParser::NEWLINE && expected.contains(static_cast<size_t>(NkiParser::COLON))) {
    return "expected ':'";
  }
  if (expected.size() == 1) {
    const size_t want = static_cast<size_t>(expected.getMinElement());
    const std::string literal = parser.getVocabulary().getLiteralName(want);
    if (!literal.empty()) return "expected " + literal + found;
    if (want == NkiParser::NAME) return "expected a name" + found;
  }
  return "invalid syntax at " + describe(t);
}

std::string lexer_message(const std::string& msg) {
  const std::string prefix = "token recognition error at: '";
  if (msg.rfind(prefix, 0) != 0) return msg;  // one of the lexer base class's own
  const std::string text = msg.substr(prefix.size(), msg.size() - prefix.size() - 1);
  if (!text.empty() && text[0] == '\\') return "unexpected character after line continuation character";
  return "invalid character '" + text + "'";
}

class ErrorListener : public antlr4::BaseErrorListener {
 public:
  ErrorListener(const TextPositions& pos, size_t base_cp, DiagnosticSink& sink,
                const IndentLexerBase& lexer)
      : pos_(pos), base_cp_(base_cp), sink_(sink), lexer_(lexer) {}

  void syntaxError(antlr4::Recognizer* recognizer, antlr4::Token* offending, size_t line,
                   size_t column, const std::string& msg, std::exception_ptr) override {
    if (auto* parser = dynamic_cast<antlr4::Parser*>(recognizer)) {
      if (lexer_.halted() || offending == nullptr) return;
      // Once a statement is broken (say its ':' is missing) the block
      // structure after it no longer lines up; errors at INDENT or DEDENT are
      // then fallout, not news.
      const size_t type = offending->getType();
      if (reported_ && (type == NkiParser::INDENT || type == NkiParser::DEDENT)) return;
      // The `case` lines of a match statement already reported follow from it.
      const antlr4::Token* head =
          statement_head(*parser->getTokenStream(), offending->getTokenIndex());
      if (skip_block_column_ >= 0) {
        if (head->getCharPositionInLine() > static_cast<size_t>(skip_block_column_)) return;
        skip_block_column_ = -1;
      }
      if (const std::optional<Unsupported> u = unsupported_construct(*parser, offending)) {
        report(token_range(*u->first, *u->last), u->message);
        if (u->first == head) skip_block_column_ = static_cast<int>(head->getCharPositionInLine());
        return;
      }
      report(token_range(*offending), parser_message(*parser, offending));
      return;
    }
    report_at(line, column, lexer_message(msg));
  }

  // At ANTLR's 1-based line and 0-based code point column of the parsed text.
  void report_at(size_t line, size_t column, std::string message) {
    const size_t cp = pos_.index_of(base_cp_, line, column);
    report(range(cp, cp + 1), std::move(message));
  }

  bool reported() const { return reported_; }

 private:
  SourceRange range(size_t begin_cp, size_t end_cp) const {
    SourceRange r;
    r.file = &pos_.file();
    r.begin = pos_.at(begin_cp);
    r.end = pos_.at(end_cp);
    // Past the last line (EOF after a final newline): point after the last line.
    const int last = r.file->line_count();
    if (r.begin.line > last) {
      r.begin = SourceLoc{last, static_cast<int>(r.file->line(last).size()) + 1};
      r.end = r.begin;
    }
    return r;
  }

  SourceRange token_range(const antlr4::Token& t) const { return token_range(t, t); }

  SourceRange token_range(const antlr4::Token& first, const antlr4::Token& last) const {
    const size_t begin = base_cp_ + first.getStartIndex();
    const size_t end = base_cp_ + last.getStopIndex() + 1;
    return range(begin, std::max(end, begin + 1));
  }

  void report(SourceRange r, std::string message) {
    if (reported_ && r.begin.line == last_line_) return;
    reported_ = true;
    last_line_ = r.begin.line;
    Diagnostic d;
    d.range = r;
    d.message = std::move(message);
    sink_.report(std::move(d));
  }

  const TextPositions& pos_;
  size_t base_cp_;
  DiagnosticSink& sink_;
  const IndentLexerBase& lexer_;
  bool reported_ = false;
  int last_line_ = 0;
  int skip_block_column_ = -1;  // errors in the block of a statement that began there are skipped
};

ast::ExprPtr parse_expression_range(const TextPositions& pos, size_t begin_cp, size_t end_cp,
                                    DiagnosticSink& sink);

// One run of lexer and parser over code points [begin_cp, end_cp) of a file.
//
// Each statement and each expression is converted into the AST as soon as
// the parser finishes it (frontend/ast_builder.h, prebuild), and the parse
// tree below it is freed: the whole tree of a large file would take about a
// kilobyte per token. Once a syntax error is reported no AST will be built,
// so finished subtrees are then freed unconverted.
class Session : public SubtreeHandler {
 public:
  Session(const TextPositions& pos, size_t begin_cp, size_t end_cp, DiagnosticSink& sink,
          bool expression_mode)
      : input_(pos.file().text().substr(pos.byte_of(begin_cp),
                                        pos.byte_of(end_cp) - pos.byte_of(begin_cp))),
        lexer_(&input_),
        tokens_(&lexer_),
        parser_(&tokens_),
        listener_(pos, begin_cp, sink, lexer_) {
    lexer_.removeErrorListeners();
    lexer_.addErrorListener(&listener_);
    lexer_.set_expression_mode(expression_mode);
    parser_.removeErrorListeners();
    parser_.prune_with({NkiParser::RuleTest, NkiParser::RuleComp_cond, NkiParser::RuleStmt}, this);
    early_env_.positions = &pos;
    early_env_.base_cp = begin_cp;
    early_env_.parse_field = [&pos, this](size_t b, size_t e) {
      return parse_expression_range(pos, b, e, scratch_);
    };
    early_env_.prebuilt = &prebuilt_;
    early_env_.sink = &scratch_;
  }

  bool subtree_done(antlr4::ParserRuleContext& ctx) override {
    if (listener_.reported()) return true;
    return prebuild(ctx, early_env_);
  }

  // The parts built ahead, for the final build.
  Prebuilt& prebuilt() { return prebuilt_; }

  // Runs `rule` on the parser; nullptr after reporting syntax errors.
  template <class Rule>
  antlr4::ParserRuleContext* parse(Rule rule) {
    antlr4::ParserRuleContext* tree = nullptr;
    try {
      tokens_.fill();
      // The tokens past the limit were never made: nothing to parse.
      if (lexer_.out_of_tokens()) return nullptr;
      auto* sim = parser_.getInterpreter<antlr4::atn::ParserATNSimulator>();
      sim->setPredictionMode(antlr4::atn::PredictionMode::SLL);
      parser_.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
      try {
        tree = rule(parser_);
        parser_.rethrow_pending();
      } catch (const antlr4::ParseCancellationException&) {
        parser_.reset();
        prebuilt_.clear();
        parser_.addErrorListener(&listener_);
        parser_.setErrorHandler(std::make_shared<antlr4::DefaultErrorStrategy>());
        sim->setPredictionMode(antlr4::atn::PredictionMode::LL);
        tree = rule(parser_);
        parser_.rethrow_pending();
      }
    } catch (const NestingTooDeep& e) {
      listener_.report_at(e.line, e.column, "expression is too deeply nested");
      return nullptr;
    }
    return listener_.reported() ? nullptr : tree;
  }

 private:
  antlr4::ANTLRInputStream input_;
  NkiLexer lexer_;
  antlr4::CommonTokenStream tokens_;
  NkiParser parser_;
  ErrorListener listener_;
  DiagnosticSink scratch_;  // what prebuilding reports, kept with the part
  Prebuilt prebuilt_;
  BuildEnv early_env_;
};

// Index of the first byte that is not valid UTF-8, or npos. Valid is
// Unicode's well-formed UTF-8 (Table 3-7): no overlong forms, no surrogates,
// nothing above U+10FFFF. ANTLR's decoder would throw on any of those, so
// they are reported before lexing.
size_t invalid_utf8(const std::string& s) {
  size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    const size_t n = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : (c >> 4) == 0xE ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return i;
    // The second byte's range narrows after E0, ED, F0 and F4.
    const auto second = static_cast<unsigned char>(n > 1 ? s[i + 1] : 0x80);
    const unsigned char lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
    const unsigned char hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
    if (second < lo || second > hi) return i;
    for (size_t k = 2; k < n; ++k) {
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return i;
    }
    i += n;
  }
  return std::string::npos;
}

bool check_size(const SourceFile& file, DiagnosticSink& sink) {
  if (file.text().size() <= kMaxSourceBytes) return true;
  Diagnostic d;
  d.range = SourceRange{&file, SourceLoc{1, 1}, SourceLoc{1, 2}};
  d.message = "source is too large (" + std::to_string(file.text().size()) +
              " bytes; the limit is " + std::to_string(kMaxSourceBytes) + ")";
  sink.report(std::move(d));
  return false;
}

bool check_utf8(const SourceFile& file, DiagnosticSink& sink) {
  const size_t bad = invalid_utf8(file.text());
  if (bad == std::string::npos) return true;
  // Lines break as SourceFile breaks them: at \n, \r\n and a lone \r.
  SourceLoc loc{1, 1};
  for (size_t i = 0; i < bad; ++i) {
    const char c = file.text()[i];
    if (c == '\r' && file.text()[i + 1] == '\n') continue;  // bad > i + 1: '\n' is valid
    if (c == '\n' || c == '\r') {
      ++loc.line;
      loc.col = 1;
    } else {
      ++loc.col;
    }
  }
  Diagnostic d;
  d.range = SourceRange{&file, loc, SourceLoc{loc.line, loc.col + 1}};
  d.message = "invalid UTF-8 in source file";
  sink.report(std::move(d));
  return false;
}

// ANTLR's input stream drops a UTF-8 byte order mark that begins its text,
// which would put every position after it one code point off; so the mark
// is skipped here instead: the first code point of [begin_cp, end_cp) when
// it is one.
size_t skip_bom(const TextPositions& pos, size_t begin_cp, size_t end_cp) {
  if (begin_cp >= end_cp) return begin_cp;
  const bool bom = pos.file().text().compare(pos.byte_of(begin_cp), 3, "\xEF\xBB\xBF") == 0;
  return bom ? begin_cp + 1 : begin_cp;
}

// Runs a builder, turning its errors into diagnostics.
template <class T, class F>
T build_reporting(DiagnosticSink& sink, F build) {
  try {
    return build();
  } catch (const CompileError& e) {
    sink.report(e.diag);
  } catch (const BuildAborted&) {
  }
  return nullptr;
}

ast::ExprPtr parse_expression_range(const TextPositions& pos, size_t begin_cp, size_t end_cp,
                                    DiagnosticSink& sink) {
  begin_cp = skip_bom(pos, begin_cp, end_cp);
  Session session(pos, begin_cp, end_cp, sink, true);
  antlr4::ParserRuleContext* tree = session.parse([](NkiParser& p) { return p.eval_input(); });
  if (tree == nullptr) return nullptr;
  BuildEnv env;
  env.positions = &pos;
  env.base_cp = begin_cp;
  env.parse_field = [&pos, &sink](size_t b, size_t e) {
    return parse_expression_range(pos, b, e, sink);
  };
  env.prebuilt = &session.prebuilt();
  env.sink = &sink;
  return build_reporting<ast::ExprPtr>(sink, [&] { return build_eval_input(*tree, env); });
}

}  // namespace

std::unique_ptr<ast::Module> parse_module(const SourceFile& file, DiagnosticSink& sink) {
  if (!check_size(file, sink) || !check_utf8(file, sink)) return nullptr;
  const TextPositions pos(file);
  const size_t begin_cp = skip_bom(pos, 0, pos.code_point_count());
  Session session(pos, begin_cp, pos.code_point_count(), sink, false);
  antlr4::ParserRuleContext* tree = session.parse([](NkiParser& p) { return p.file_input(); });
  if (tree == nullptr) return nullptr;
  BuildEnv env;
  env.positions = &pos;
  env.base_cp = begin_cp;
  env.parse_field = [&pos, &sink](size_t b, size_t e) {
    return parse_expression_range(pos, b, e, sink);
  };
  env.prebuilt = &session.prebuilt();
  env.sink = &sink;
  auto m =
      build_reporting<std::unique_ptr<ast::Module>>(sink, [&] { return build_module(*tree, env); });
  if (m) resolve_names(*m);
  return m;
}

ast::ExprPtr parse_expression(const SourceFile& file, DiagnosticSink& sink) {
  if (!check_size(file, sink) || !check_utf8(file, sink)) return nullptr;
  const TextPositions pos(file);
  ast::ExprPtr e = parse_expression_range(pos, 0, pos.code_point_count(), sink);
  if (e) resolve_names(*e);
  return e;
}

}  // namespace nkic

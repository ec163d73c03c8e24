// See repl_input.h.
#include "tools/repl_input.h"

#include <cstring>

namespace nkic::tools {

namespace {

// What a scan of the typed text found still open.
struct OpenState {
  int depth = 0;           // unclosed brackets
  bool in_string = false;  // inside a triple-quoted string
  bool continued = false;  // the last line ends with a backslash
  bool block = false;      // some logical line ends with ':'
  bool decorator = false;  // the last logical line with code is a decorator ('@...')
  bool last_line_blank = false;
};

OpenState scan(const std::string& source) {
  OpenState st;
  std::string quote;      // the open string's delimiter
  char last_code = '\n';  // the last character outside strings and comments
  char first_code = 0;    // the first one of the current logical line
  for (size_t i = 0; i < source.size(); ++i) {
    const char c = source[i];
    if (!quote.empty()) {
      if (c == '\\') {
        ++i;
      } else if (source.compare(i, quote.size(), quote) == 0) {
        i += quote.size() - 1;
        quote.clear();
        last_code = '"';
      } else if (c == '\n' && quote.size() == 1) {
        quote.clear();  // an unterminated string: the parser will say so
      }
      continue;
    }
    if (c == '#') {
      while (i + 1 < source.size() && source[i + 1] != '\n') ++i;
      continue;
    }
    if (c == '\'' || c == '"') {
      const bool triple = source.compare(i, 3, std::string(3, c)) == 0;
      quote = triple ? std::string(3, c) : std::string(1, c);
      i += quote.size() - 1;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++st.depth;
    if ((c == ')' || c == ']' || c == '}') && st.depth > 0) --st.depth;
    if (c == '\n') {
      if (st.depth == 0 && last_code == ':') st.block = true;
      st.continued = last_code == '\\';
      if (st.depth == 0 && !st.continued && first_code != 0) {
        st.decorator = first_code == '@';
        first_code = 0;
      }
    }
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
      if (first_code == 0) first_code = c;
      last_code = c;
    } else if (c == '\n') {
      last_code = c;
    }
  }
  if (st.depth == 0 && last_code == ':') st.block = true;
  if (st.depth == 0 && first_code != 0) st.decorator = first_code == '@';
  st.in_string = quote.size() == 3;
  if (!source.empty() && source.back() != '\n') st.continued = last_code == '\\';
  st.last_line_blank = source.size() >= 2 && source.compare(source.size() - 2, 2, "\n\n") == 0;
  return st;
}

// A line that, typed after a block's body, starts a new statement rather
// than continuing the block: not indented and not a clause of it.
bool starts_new_statement(const std::string& line) {
  if (line.empty() || line[0] == ' ' || line[0] == '\t' || line[0] == '#') return false;
  for (const char* clause : {"else", "elif", "except", "finally"}) {
    const size_t n = std::strlen(clause);
    if (line.compare(0, n, clause) == 0 && (line.size() == n || line[n] == ':' || line[n] == ' ')) {
      return false;
    }
  }
  return true;
}

}  // namespace

bool needs_more(const std::string& source) {
  const OpenState st = scan(source);
  if (st.depth > 0 || st.in_string || st.continued) return true;
  // A decorator needs the def or class it decorates.
  return (st.block || st.decorator) && !st.last_line_blank;
}

bool block_ended_by(const std::string& source, const std::string& line) {
  if (source.empty()) return false;
  const OpenState open = scan(source);
  return open.block && open.depth == 0 && !open.in_string && starts_new_statement(line);
}

std::vector<std::string> split_arguments(const std::string& text) {
  std::vector<std::string> out;
  std::string word;
  int depth = 0;
  char quote = 0;
  for (char c : text) {
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if ((c == ')' || c == ']' || c == '}') && depth > 0) {
      --depth;
    } else if ((c == ' ' || c == '\t') && depth == 0) {
      if (!word.empty()) out.push_back(word);
      word.clear();
      continue;
    }
    word += c;
  }
  if (!word.empty()) out.push_back(word);
  return out;
}

std::string trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  const size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

}  // namespace nkic::tools

#include "client-cli/tournament/submission_check.h"

#include <cstdio>
#include <sstream>

#include "client-cli/invites.h"

namespace skirmish::tournament {

namespace {

// Prints "INDEX<TAB>PROBLEM" lines for the files named after it. ast.parse does not run
// the file. Only the module's own statements count (and those under a top-level if, try,
// with or loop), not a function's or a class's.
constexpr const char* kCheckScript = R"PY(
import ast, sys
SEED = {"setup": ["color", "rows", "cols", "board"], "move": ["color", "rows", "cols", "board", "placement"]}
def statements(body):
    for node in body:
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for field in ("body", "orelse", "finalbody"):
            inner = getattr(node, field, None)
            if isinstance(inner, list):
                yield from statements(inner)
        for handler in getattr(node, "handlers", []):
            yield from statements(handler.body)
def bound_names(node):
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return {alias.asname or alias.name.split(".")[0] for alias in node.names}
    targets = getattr(node, "targets", None) or [getattr(node, "target", None)]
    return {n.id for t in targets if t is not None for n in ast.walk(t) if isinstance(n, ast.Name)}
def signature(f):
    return f.name + "(" + ", ".join(a.arg for a in f.args.posonlyargs + f.args.args) + ")"
def takes(f, count):
    positional = f.args.posonlyargs + f.args.args
    required = len(positional) - len(f.args.defaults)
    keyword_only_required = any(d is None for d in f.args.kw_defaults)
    return required <= count and (f.args.vararg or len(positional) >= count) and not keyword_only_required
def problems(tree):
    found = []
    for name, seed_args in SEED.items():
        defs, other = [], False
        for node in statements(tree.body):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
                defs.append(node)
            elif isinstance(node, ast.ImportFrom) and any(a.name == "*" for a in node.names):
                other = True
            elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and name in bound_names(node):
                other = True
        if other:
            continue
        if not defs:
            found.append("it defines no " + name + "() function")
            continue
        f = defs[-1]
        if f.decorator_list:
            continue
        if isinstance(f, ast.AsyncFunctionDef):
            found.append("its " + name + "() is async def: the seed calls it as a plain function")
        elif not takes(f, len(seed_args)):
            found.append("its " + signature(f) + " cannot take the seed's " + str(len(seed_args)) +
                         " arguments (" + ", ".join(seed_args) + ")")
    return found
for index, path in enumerate(sys.argv[1:]):
    try:
        with open(path, "rb") as source:
            tree = ast.parse(source.read(), path)
    except Exception:
        continue
    for problem in problems(tree):
        print(str(index) + "\t" + problem.replace("\n", " "))
)PY";

}  // namespace

std::vector<std::vector<std::string>> seed_style_problems(const std::vector<std::string>& paths,
                                                           const std::string& python) {
  std::vector<std::vector<std::string>> found(paths.size());
  if (paths.empty()) return found;
  // -I: isolated, so that an ast.py (or sitecustomize) in the folder is not imported.
  std::string command = client::shell_word(python) + " -I -c " + client::shell_word(kCheckScript);
  for (const auto& path : paths) command += " " + client::shell_word(path);
  command += " 2>/dev/null";
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return found;
  std::string output;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
  ::pclose(pipe);
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    const auto tab = line.find('\t');
    if (tab == std::string::npos) continue;
    try {
      const std::size_t index = std::stoul(line.substr(0, tab));
      if (index < found.size()) found[index].push_back(line.substr(tab + 1));
    } catch (const std::exception&) {  // not our line: judge nothing from it
    }
  }
  return found;
}

std::vector<std::string> misfit_submissions(const std::vector<BotEntry>& bots, const std::string& python) {
  std::vector<const BotEntry*> seed_style;
  std::vector<std::string> paths;
  for (const auto& bot : bots)
    if (bot.kind == BotEntry::Kind::PythonDcms) {
      seed_style.push_back(&bot);
      paths.push_back(bot.source);
    }
  const auto problems = seed_style_problems(paths, python);
  std::vector<std::string> warnings;
  for (std::size_t i = 0; i < seed_style.size(); ++i) {
    if (problems[i].empty()) continue;
    const BotEntry& bot = *seed_style[i];
    std::string what;
    for (const auto& problem : problems[i]) what += (what.empty() ? "" : "; ") + problem;
    warnings.push_back("bot '" + bot.name + "' (" + bot.source + ") is not a seed-style submission: " + what +
                       ". A seed-style bot must define setup(color, rows, cols, board) and move(color, rows, cols, "
                       "board, placement) (docs/tournaments.md); a program bot that reads JSON lines goes in a "
                       "bots file: " + bot.name + " = " + python + " " + client::shell_word(bot.source) +
                       ". As it is, it will lose every game: fix it and start again, or let it play");
  }
  return warnings;
}

}  // namespace skirmish::tournament

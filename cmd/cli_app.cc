#include "cmd/cli_app.h"

#include <optional>
#include <vector>

#include <fmt/format.h>

#include "cmd/console.h"

namespace planview::cmd {

namespace {

// The option of `app` that `name` (without dashes) names, or null.
const CLI::Option* FindOption(const CLI::App& app, const std::string& name) {
  if (name.empty()) return nullptr;
  return app.get_option_no_throw(name.size() == 1 ? "-" + name : "--" + name);
}

CLI::App* FindSubcommand(CLI::App& app, const std::string& word) {
  std::vector<CLI::App*> found = app.get_subcommands([&](CLI::App* sub) { return sub->check_name(word); });
  return found.empty() ? nullptr : found.front();
}

// Rewrites upstream's spellings into the one CLI11 reads: every option as `--name=value`
// (or `--name` for a flag, `-h` for a one-letter name); positional words stay as they are.
bool Normalize(CLI::App& app, std::span<const std::string> args, std::vector<std::string>& out, std::string& error) {
  CLI::App* current = &app;
  bool only_positional = false;
  bool seen_positional = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (only_positional || arg.size() < 2 || arg[0] != '-') {
      CLI::App* sub = only_positional || seen_positional ? nullptr : FindSubcommand(*current, arg);
      if (sub != nullptr) {
        current = sub;
      } else {
        seen_positional = true;
      }
      out.push_back(arg);
      continue;
    }
    if (arg == "--") {
      only_positional = true;
      out.push_back(arg);
      continue;
    }
    std::string name = arg.substr(arg[1] == '-' ? 2 : 1);
    std::optional<std::string> value;
    if (size_t eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name.resize(eq);
    }
    const CLI::Option* option = FindOption(*current, name);
    if (option == nullptr || option->get_positional()) {
      error = fmt::format("unknown option {}", ForMessage(arg));
      return false;
    }
    const std::string spelled = (name.size() == 1 ? "-" : "--") + name;
    if (option->get_items_expected_max() == 0) {
      if (value) {
        error = fmt::format("{} takes no value", ForMessage(spelled));
        return false;
      }
      out.push_back(spelled);
      continue;
    }
    if (!value) {
      if (i + 1 >= args.size()) {
        error = fmt::format("{} needs a value", ForMessage(spelled));
        return false;
      }
      value = args[++i];
    }
    if (value->empty()) {
      out.push_back(spelled);  // CLI11 reads `--name=` as a missing value, an empty word as a value
      out.push_back("");
    } else {
      out.push_back(fmt::format("{}={}", spelled, *value));
    }
  }
  return true;
}

}  // namespace

void UseCommandConventions(CLI::App& app) {
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.set_help_flag("-h,--help");
}

CLI::Option* AddValueOption(CLI::App& app, const std::string& name, std::function<void(const std::string&)> take) {
  return app.add_option_function<std::string>(name, std::move(take))->trigger_on_parse();
}

CLI::Option* AddFlag(CLI::App& app, const std::string& name, std::function<void()> set) {
  return app.add_flag_callback(name, std::move(set))->trigger_on_parse();
}

base::Expected<Parsed> ParseCommandLine(CLI::App& app, std::span<const std::string> args) {
  std::vector<std::string> words;
  if (std::string error; !Normalize(app, args, words, error)) return base::Error(std::move(error));
  try {
    // CLI11 takes the words last first.
    std::vector<std::string> reversed(words.rbegin(), words.rend());
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    return Parsed::kHelp;
  } catch (const CLI::ParseError& e) {
    return base::Error(e.what());  // callbacks quote the user's text in their messages
  }
  return Parsed::kRun;
}

int ReportUsageError(std::FILE* err, std::string_view message, std::string_view command) {
  Error(err, message);
  Write(err, fmt::format("Run 'planview {}{}--help' for usage.\n", command, command.empty() ? "" : " "));
  return kExitUsage;
}

}  // namespace planview::cmd

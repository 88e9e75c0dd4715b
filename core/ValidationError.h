#pragma once

#include <QString>

#include <vector>

namespace keyright {

// A sentence of a validation message kept so that the dashboard can say it in its own language:
// its English source, marked with QT_TRANSLATE_NOOP in the context "keyright::Validation", and
// its arguments %1, %2, ..., each a plain value or a sentence of its own (a list's name, a
// pattern's problem). english() is the server's and the command line's words; translated() says
// it with the translations installed (the dashboard's), English without any.
struct ValidationText
{
    const char *source = nullptr; // null: `value`, as is
    QString value;
    std::vector<ValidationText> arguments;

    static ValidationText plain(const QString &value);
    static ValidationText plain(qint64 number);
    static ValidationText sentence(const char *source, std::vector<ValidationText> arguments = {});

    bool isEmpty() const { return !source && value.isEmpty(); }
    QString english() const;
    QString translated() const;
};

// What is wrong with an input, for a person: the field it concerns and a sentence about it.
struct ValidationError
{
    QString field;
    QString message; // English
    // The message to translate, when it was made from one (core's seat rules and groups checks).
    ValidationText text = {};

    // The message in the interface's language when it can be translated; `message` otherwise.
    QString localizedMessage() const { return text.isEmpty() ? message : text.translated(); }
};

} // namespace keyright

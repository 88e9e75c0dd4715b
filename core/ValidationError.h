#pragma once

#include <QString>

namespace keyright {

// What is wrong with an input, for a person: the field it concerns and a sentence about it.
struct ValidationError
{
    QString field;
    QString message;
};

} // namespace keyright

#include "TextTable.h"

using namespace Qt::StringLiterals;

namespace keyright::cli {

TextTable::TextTable(QStringList header)
    : m_header(std::move(header))
{ }

void TextTable::addRow(QStringList cells)
{
    m_rows.append(std::move(cells));
}

QStringList TextTable::render(bool withHeader) const
{
    QList<QStringList> lines;
    if (withHeader && !m_header.isEmpty())
        lines.append(m_header);
    lines.append(m_rows);

    QList<int> widths = m_minimumWidths;
    for (const QStringList &line : lines) {
        for (int column = 0; column < line.size(); ++column) {
            if (widths.size() <= column)
                widths.append(0);
            widths[column] = std::max(widths[column], int(line.at(column).size()));
        }
    }

    QStringList rendered;
    const QString indent(m_indent, u' ');
    for (const QStringList &line : lines) {
        QString text = indent;
        for (int column = 0; column < line.size(); ++column) {
            const bool last = column == line.size() - 1;
            const QString &cell = line.at(column);
            if (m_rightAligned.contains(column))
                text += cell.rightJustified(widths[column]);
            else
                text += last ? cell : cell.leftJustified(widths[column]);
            if (!last)
                text += u"  "_s;
        }
        while (text.endsWith(u' '))
            text.chop(1);
        rendered.append(text);
    }
    return rendered;
}

} // namespace keyright::cli

// Splits a script of our own SQL (the migrations) into single statements, since a QSqlQuery runs one at a
// time. Understands quotes ('…', "…", `…`, […]), comments (-- and /* */) and trigger bodies (the ';'
// inside BEGIN … END, with CASE … END nested) and PostgreSQL's $$ … $$ function bodies, which is all the
// schema text uses.
#pragma once

#include <QString>
#include <QStringList>

namespace tw::store {

QStringList splitSqlScript(const QString& script);

} // namespace tw::store

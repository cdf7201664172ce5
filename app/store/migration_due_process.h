// Schema step 17, due process (migrations.h lists it): its SQL for a file and for a server, kept apart from
// migrations.cpp because the server's part (tw_decide with sanctions, appeals and snapshots) is long.
#pragma once

namespace tw::store {

extern const char* const kSchemaV17;          // a file's columns and CHECK
extern const char* const kPostgresV17;        // a server's columns and CHECK
extern const char* const kPostgresDueProcess; // a server's functions and trigger

} // namespace tw::store

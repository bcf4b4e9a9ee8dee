// The irlens version, recorded in every export's provenance.
#pragma once

#define IRLENS_VERSION "0.1.0"

// irlens._core: the pybind11 module under the Python package irlens (python/irlens/). Errors cross
// as irlens.InputError (file, line, problem set: the CLI's message) and irlens.UsageError, both
// ValueErrors; a cancelled evaluation as KeyboardInterrupt.
#include "common.hpp"

#include "irlens/error.hpp"
#include "irlens/frontends/format_version.hpp"
#include "irlens/measures/measure_list.hpp"
#include "irlens/version.hpp"

#include <pybind11/stl.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace irlens::python {

std::vector<MeasureSpec> measures_of(const std::vector<std::string>& lists, std::vector<std::string>* typed) {
    std::vector<MeasureSpec> measures;
    for (const std::string& list : lists) {
        for (const std::string& item : split_measure_list(list)) {
            const std::size_t before = measures.size();
            add_distinct(measures, parse_measure(item));
            if (typed && measures.size() > before) typed->push_back(item);
        }
    }
    return measures;
}

std::vector<RunPtr> runs_of(const std::vector<PyRun>& runs) {
    std::vector<RunPtr> out;
    for (const PyRun& r : runs) out.push_back(r.ptr);
    return out;
}

EvalOptions eval_options(const std::string& missing) {
    if (missing != "zero" && missing != "skip") throw UsageError("missing must be zero or skip, got '" + missing + "'");
    EvalOptions eo;
    eo.missing = missing == "zero" ? MissingTopics::Zero : MissingTopics::Skip;
    return eo;
}

namespace {

/// [{name, aliases, params: [{name, default (measure language), required, help}], help, text_valued, integer}]
py::list registry_py() {
    py::list out;
    for (const MeasureInfo& m : registry()) {
        py::list params;
        for (const ParamInfo& p : m.params) {
            py::dict d;
            d["name"] = p.name;
            d["default"] = p.default_value;
            d["required"] = p.required;
            d["help"] = p.help;
            params.append(d);
        }
        py::dict d;
        d["name"] = m.name;
        d["aliases"] = m.aliases;
        d["params"] = params;
        d["help"] = m.help;
        d["text_valued"] = m.text_valued;
        d["integer"] = m.integer;
        // what @ takes: "none", "int", "real" (IPrec@0.3: a number, @0 the same as @0.0) or "percent"
        const char* kinds[] = {"none", "int", "real", "percent"};
        d["cutoff"] = kinds[static_cast<int>(m.cutoff)];
        out.append(d);
    }
    return out;
}

/// {name, full_name, measure (the registry name), cutoff (None without), params: {name: value as
/// the measure language writes it, every parameter}} of one parsed measure.
py::dict spec_py(const MeasureSpec& s) {
    py::dict d;
    d["name"] = s.name();
    d["full_name"] = s.full_name();
    d["measure"] = s.info().name;
    d["cutoff"] = s.has_cutoff() ? py::cast(s.cutoff()) : py::none();
    d["text_valued"] = s.info().text_valued;
    return d;
}

}  // namespace

PYBIND11_MODULE(_core, m) {
    m.attr("FORMAT_VERSION") = irlens::kFormatVersion;  // the CLI's output format version
    m.doc() = "irlens' C++ core (internal: use the irlens package)";
    static py::exception<InputError> input_error(m, "InputError", PyExc_ValueError);
    static py::exception<UsageError> usage_error(m, "UsageError", PyExc_ValueError);
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const InputError& e) {
            py::object exc = py::reinterpret_borrow<py::object>(input_error.ptr())(py::str(e.what()));
            exc.attr("file") = py::str(e.file());
            exc.attr("line") = e.line();
            exc.attr("problem") = py::str(e.problem());
            PyErr_SetObject(input_error.ptr(), exc.ptr());
        } catch (const UsageError& e) {
            usage_error(e.what());
        } catch (const Cancelled&) {
            PyErr_SetString(PyExc_KeyboardInterrupt, "cancelled");
        }
    });
    m.def("version", [] { return std::string(IRLENS_VERSION); });
    // The heap's free pages given back to the system (glibc's malloc_trim; elsewhere nothing):
    // called by the drop-ins after each run's evaluation, so that a campaign's peak memory is one
    // run's, not the high-water mark of the runs' freed C++ objects (issue 42: 2 MB of covid-r1's).
    m.def("trim_heap", [] {
#if defined(__GLIBC__)
        malloc_trim(0);
#endif
    });
    m.def("registry", &registry_py);
    m.def("parse_measures", [](const std::vector<std::string>& lists) {
        std::vector<std::string> typed;
        std::vector<MeasureSpec> specs = measures_of(lists, &typed);
        py::list out;
        for (std::size_t i = 0; i < specs.size(); ++i) {
            py::dict d = spec_py(specs[i]);
            d["typed"] = typed[i];
            out.append(d);
        }
        return out;
    });
    register_inputs(m);
    register_columns(m);
    register_analyses(m);
    register_judgments(m);
    register_compare_runs(m);
    register_dict_columns(m);
    register_trec_dicts(m);
}

}  // namespace irlens::python

/// Where each variable of a profile is defined, one layer per place, as `ProfileLoader` merged them: the profile
/// file's `variables` (profile-wide and per environment), the secrets file's, each `env_file`'s, and a dotenv file
/// added over everything (`--env-file`, or the one chosen in the explorer). The merged `Profile.variables` and
/// environments' `variables` lose where a value came from; the environment view shows it, and the explorer edits
/// these layers and saves the difference (`VariableWriter`).
package struct VariableLayers: Sendable, Hashable {
    /// The file a layer was read from.
    package enum Origin: Sendable, Hashable {
        /// `ID.yaml`: `variables:` and `environments.NAME.variables:`.
        case profileFile
        /// `ID.secrets.yaml`: every name it defines is secret.
        case secretsFile
        /// An `env_file:` of the profile or an environment (the path as written): secret.
        case envFile(String)
        /// A dotenv file added over every other definition (`--env-file`, or chosen in the explorer; the path as
        /// given): secret.
        case addedEnvFile(String)

        /// Whether the names of a layer of this origin are secrets.
        package var isSecret: Bool {
            if case .profileFile = self { false } else { true }
        }

        /// Whether apix edits this origin's file in place (dotenv files are the user's to edit).
        package var isEditable: Bool {
            switch self {
            case .profileFile, .secretsFile: true
            case .envFile, .addedEnvFile: false
            }
        }

        /// Precedence within a level, later wins (the loader's order).
        var rank: Int {
            switch self {
            case .profileFile: 0
            case .secretsFile: 1
            case .envFile: 2
            case .addedEnvFile: 3
            }
        }
    }

    /// One place variables are defined: an origin at the profile level (`environment` nil) or for one environment.
    package struct Layer: Sendable, Hashable {
        package var origin: Origin
        package var environment: String?
        package var variables: [String: Template]

        package init(origin: Origin, environment: String?, variables: [String: Template]) {
            self.origin = origin
            self.environment = environment
            self.variables = variables
        }

        /// Identifies the layer, whatever its variables.
        package var place: Place { Place(origin: origin, environment: environment) }
    }

    /// Which layer: an origin and a level.
    package struct Place: Sendable, Hashable {
        package var origin: Origin
        package var environment: String?

        package init(origin: Origin, environment: String?) {
            self.origin = origin
            self.environment = environment
        }
    }

    package private(set) var layers: [Layer] = []

    package init(layers: [Layer] = []) {
        for layer in layers { add(layer.origin, environment: layer.environment, layer.variables) }
    }

    /// Adds `variables` to the layer of `origin` and `environment` (over what it held).
    mutating func add(_ origin: Origin, environment: String?, _ variables: [String: Template]) {
        if let index = layers.firstIndex(where: { $0.origin == origin && $0.environment == environment }) {
            layers[index].variables.merge(variables) { _, new in new }
        } else {
            layers.append(Layer(origin: origin, environment: environment, variables: variables))
        }
    }

    package func layer(_ place: Place) -> Layer? {
        layers.first { $0.place == place }
    }

    /// The layers that apply in `environment`, later wins: the profile's (profile file, secrets file, `env_file`),
    /// the environment's (the same), then an added dotenv file over everything.
    package func scope(for environment: String) -> [Layer] {
        func level(_ layer: Layer) -> Int {
            if case .addedEnvFile = layer.origin { return 2 }
            return layer.environment == nil ? 0 : 1
        }
        return layers.filter { $0.environment == nil || $0.environment == environment }
            .sorted { (level($0), $0.origin.rank) < (level($1), $1.origin.rank) }
    }

    /// The dotenv file added over everything, as given, if any.
    package var addedEnvFile: String? {
        for layer in layers { if case .addedEnvFile(let path) = layer.origin { return path } }
        return nil
    }

    /// Sets (or, with nil, removes) `name` in the layer at `place`, creating the layer when needed.
    package mutating func set(_ name: String, to value: String?, in place: Place) {
        if let index = layers.firstIndex(where: { $0.place == place }) {
            layers[index].variables[name] = value.map { Template($0) }
        } else if let value {
            layers.append(
                Layer(origin: place.origin, environment: place.environment, variables: [name: Template(value)]))
        }
    }

    /// The names whose values differ between `self` and `other` in an editable layer, sorted: what a save writes.
    package func changedNames(from other: VariableLayers) -> [String] {
        var names: Set<String> = []
        let places = Set((layers + other.layers).filter(\.origin.isEditable).map(\.place))
        for place in places {
            let mine = layer(place)?.variables ?? [:]
            let theirs = other.layer(place)?.variables ?? [:]
            for name in Set(mine.keys).union(theirs.keys) where mine[name]?.raw != theirs[name]?.raw {
                names.insert(name)
            }
        }
        return names.sorted()
    }
}

extension Profile {
    /// The profile's and environments' merged variables and its secret names, made again from `variableLayers`
    /// as the loader merges them (after the explorer edited a layer).
    package mutating func applyVariableLayers() {
        let layers = variableLayers
        var added: [String: Template] = [:]
        var profileLevel: [String: Template] = [:]
        var secrets: Set<String> = []
        for layer in layers.layers {
            if layer.origin.isSecret { secrets.formUnion(layer.variables.keys) }
            if case .addedEnvFile = layer.origin { added.merge(layer.variables) { _, new in new } }
        }
        for layer in layers.scope(for: "") where layer.environment == nil {
            profileLevel.merge(layer.variables) { _, new in new }
        }
        variables = profileLevel
        for index in environments.indices {
            var merged: [String: Template] = [:]
            for layer in layers.scope(for: environments[index].name) where layer.environment != nil {
                merged.merge(layer.variables) { _, new in new }
            }
            for name in added.keys { merged.removeValue(forKey: name) }
            environments[index].variables = merged
        }
        secretNames = secrets
    }
}

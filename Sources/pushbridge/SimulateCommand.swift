import PushBridge

/// `pushbridge simulate`: one scenario in, one trace out (`cli-contract.md`).
struct SimulateCommand: Sendable {
    let io: CommandIO

    /// The providers `--provider` accepts.
    static let providers = ["apns"]

    func run(_ arguments: [String]) throws(Arguments.UsageError) -> CommandOutput {
        let arguments = try Arguments(arguments, valued: ["--provider", "--format"])
        _ = try arguments.choice("--provider", Self.providers, default: "apns")
        let format = try arguments.choice("--format", ["json", "text"], default: "json")
        let input = try arguments.singleOperand()

        let scenario: DispatchScenario
        let result: SimulationResult
        do {
            let bytes = try io.read(input)
            scenario = try Self.decodeScenario(bytes)
            result = try ScenarioSimulator.run(scenario)
        } catch let error as CommandIO.InputError {
            return .failure("scenario: \(error.message)")
        } catch let error as PushError {
            return .failure(error.description)
        } catch {
            return .failure("scenario: \(error)")
        }
        switch format {
        case "text": return .success(TraceText.render(result, scenario: scenario))
        default: return .success(JSONWriter.string(from: result.jsonValue, style: .pretty))
        }
    }

    /// Reads a scenario from JSON bytes; every failure is a ``PushError`` naming the field.
    static func decodeScenario(_ bytes: [UInt8]) throws(PushError) -> DispatchScenario {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw PushError(.malformedJSON, field: "scenario", error.description)
        }
        return try DispatchScenario(json: json)
    }
}

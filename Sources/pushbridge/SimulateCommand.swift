import PushBridge
import PushBridgeModel
import PushBridgeTesting
import PushBridgeValidation

/// `pushbridge simulate`: one scenario in, one trace out (`docs/spec/cli-contract.md`).
struct SimulateCommand: Sendable {
    let io: CommandIO

    /// The simulators of the providers `--provider` accepts, by name.
    static let simulators: [PushProviderID: any ProviderSimulator] = ProviderSimulators.all

    func run(_ arguments: [String]) throws(Arguments.UsageError) -> CommandOutput {
        let arguments = try Arguments(arguments, valued: CommandHelp.simulate.valued)
        let format = try arguments.choice("--format", ["json", "text"], default: "json")
        // `--push-type` overrides the scenario's `pushType` (absent: the scenario's own, if any).
        var pushType: PayloadValidator.PushType?
        if arguments[option: "--push-type"] != nil {
            pushType = PayloadValidator.PushType(
                rawValue: try arguments.choice("--push-type", PayloadValidator.PushType.allCases.map(\.rawValue), default: "alert"))
        }
        let input = try arguments.singleOperand()

        let scenario: DispatchScenario
        let result: SimulationResult
        do {
            let simulator = try chooseSimulator(arguments)
            let bytes = try io.input(input)
            var decoded = try Self.decodeScenario(bytes)
            if let pushType { decoded.pushType = pushType }
            scenario = decoded
            // A scenario with steps runs on a simulated device (one client per app process).
            if !scenario.steps.isEmpty {
                let steps = try StepSimulator.run(scenario, provider: simulator)
                if format == "text" { return .success(TraceText.render(steps, scenario: scenario)) }
                return .success(JSONWriter.string(from: steps.jsonValue, style: .pretty))
            }
            result = try ScenarioSimulator.run(scenario, provider: simulator)
        } catch let error as Arguments.UsageError {
            throw error
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

    /// The provider `--provider` names, else the one `--config` names, else APNs.
    private func chooseSimulator(_ arguments: Arguments) throws -> any ProviderSimulator {
        let names = ProviderSimulators.names
        var kind = PushProviderID.apns
        if let path = arguments[option: "--config"] {
            let bytes: [UInt8]
            do {
                bytes = try io.input(path)
            } catch {
                throw Arguments.UsageError(message: "--config: \(error.message)")
            }
            do {
                kind = try PushConfiguration(jsonBytes: bytes, providers: ProviderSimulators.definitions).provider
            } catch {
                throw Arguments.UsageError(message: "--config: " + error.problems.map(\.description).joined(separator: "; "))
            }
        }
        if arguments[option: "--provider"] != nil {
            kind = PushProviderID(rawValue: try arguments.choice("--provider", names, default: "apns"))
        }
        guard let simulator = Self.simulators[kind] else {
            throw Arguments.UsageError(message: "--provider: \(kind) has no simulator in this build")
        }
        return simulator
    }

    /// Reads a scenario from JSON bytes; every failure is a ``PushError`` naming the field.
    static func decodeScenario(_ bytes: [UInt8]) throws(PushError) -> DispatchScenario {
        let json: JSONValue
        do {
            json = try JSONParser.parse(JSONParser.withoutByteOrderMark(bytes))
        } catch {
            throw PushError(.malformedJSON, field: "scenario", error.description)
        }
        return try DispatchScenario(json: json)
    }
}

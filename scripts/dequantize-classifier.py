"""Writes the float32 twin of the shipped MobileNet v2 int8 classifier (ADR 012).

The int8 model multiplies uint8 activations by int8 weights. onnxruntime runs that with
different kernels on different CPUs, and on x86 CPUs without VNNI the AVX2 kernel can saturate,
so the same photo got different classes on two of our machines. The twin computes what the int8
graph means in float: every weight and bias dequantized exactly (value = (q - zero point) * scale),
and every quantized output range kept as a Clip (that is where the int8 graph keeps its ReLU6).
Only rounding to 8 bits is left out, so the result is the same on every CPU.

Usage (needs the `onnx` and `numpy` Python packages, e.g. Debian's python3-onnx):
    python3 scripts/dequantize-classifier.py <int8.onnx> <float32.onnx>
"""

import sys

import numpy as np
import onnx
from onnx import helper, numpy_helper

source, target = sys.argv[1], sys.argv[2]
model = onnx.load(source)
graph = model.graph
initializers = {tensor.name: numpy_helper.to_array(tensor) for tensor in graph.initializer}
new_initializers = {}
nodes = []


def constant(name, value):
    new_initializers[name] = np.asarray(value, dtype=np.float32)
    return name


def dequantized(name, scale, zero_point, axis=0):
    """A quantized initializer as float: (q - zero point) * scale, per channel along `axis`."""
    q = initializers[name].astype(np.float64)
    s = initializers[scale].astype(np.float64)
    z = initializers[zero_point].astype(np.float64)
    shape = [1] * q.ndim
    if s.size > 1:
        shape[axis] = -1
    else:
        shape = []
    return ((q - z.reshape(shape)) * s.reshape(shape)).astype(np.float32)


def clip_to_range(raw, output, scale, zero_point):
    """The range a uint8 tensor with this scale and zero point can hold, as a Clip."""
    s = float(initializers[scale])
    z = float(initializers[zero_point])
    info = np.iinfo(initializers[zero_point].dtype)
    low = constant(f"{output}_low", (info.min - z) * s)
    high = constant(f"{output}_high", (info.max - z) * s)
    nodes.append(helper.make_node("Clip", [raw, low, high], [output]))


for node in graph.node:
    inputs, outputs = list(node.input), list(node.output)
    if node.op_type == "QuantizeLinear":
        clip_to_range(inputs[0], outputs[0], inputs[1], inputs[2])
    elif node.op_type == "DequantizeLinear":
        nodes.append(helper.make_node("Identity", [inputs[0]], outputs))
    elif node.op_type == "QLinearConv":
        x, x_scale, _, w, w_scale, w_zero, y_scale, y_zero = inputs[:8]
        weight = constant(f"{w}_float", dequantized(w, w_scale, w_zero))
        conv_inputs = [x, weight]
        if len(inputs) > 8:
            bias_scale = initializers[x_scale].astype(np.float64) * initializers[w_scale]
            bias = initializers[inputs[8]].astype(np.float64) * bias_scale
            conv_inputs.append(constant(f"{inputs[8]}_float", bias))
        attributes = {a.name: helper.get_attribute_value(a) for a in node.attribute}
        nodes.append(helper.make_node("Conv", conv_inputs, [f"{outputs[0]}_raw"], **attributes))
        clip_to_range(f"{outputs[0]}_raw", outputs[0], y_scale, y_zero)
    elif node.op_type == "QLinearAdd":
        a, _, _, b, b_scale, b_zero, c_scale, c_zero = inputs
        if b in initializers:
            b = constant(f"{b}_float", dequantized(b, b_scale, b_zero))
        nodes.append(helper.make_node("Add", [a, b], [f"{outputs[0]}_raw"]))
        clip_to_range(f"{outputs[0]}_raw", outputs[0], c_scale, c_zero)
    elif node.op_type == "QLinearMatMul":
        a, _, _, b, b_scale, b_zero, y_scale, y_zero = inputs
        weight = constant(f"{b}_float", dequantized(b, b_scale, b_zero, axis=-1))
        nodes.append(helper.make_node("MatMul", [a, weight], [f"{outputs[0]}_raw"]))
        clip_to_range(f"{outputs[0]}_raw", outputs[0], y_scale, y_zero)
    elif node.op_type == "QLinearGlobalAveragePool":
        attributes = {a.name: helper.get_attribute_value(a) for a in node.attribute}
        if attributes.get("channels_last", 0) != 0:
            raise SystemExit("channels-last pooling is not expected in this model")
        x, _, _, y_scale, y_zero = inputs
        nodes.append(helper.make_node("GlobalAveragePool", [x], [f"{outputs[0]}_raw"]))
        clip_to_range(f"{outputs[0]}_raw", outputs[0], y_scale, y_zero)
    elif node.domain in ("", "ai.onnx") and not node.op_type.startswith("QLinear"):
        nodes.append(node)
    else:
        raise SystemExit(f"unexpected operator {node.domain}:{node.op_type}")

used = {name for node in nodes for name in node.input}
kept = [
    numpy_helper.from_array(value, name)
    for name, value in {**initializers, **new_initializers}.items()
    if name in used
]
float_graph = helper.make_graph(
    nodes, graph.name, list(graph.input), list(graph.output), initializer=kept
)
float_model = helper.make_model(
    float_graph,
    opset_imports=[helper.make_opsetid("", 12)],
    producer_name="listsmith scripts/dequantize-classifier.py",
)
float_model.ir_version = model.ir_version
onnx.checker.check_model(float_model)
onnx.save(float_model, target)

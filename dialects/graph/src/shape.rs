//! Shape inference of the graph ops on plain shapes (`xir::DYNAMIC` for `?`):
//! each function returns the result shape, or a message naming the mismatch.
//! Used by the verifier and by builders.

use xir::DYNAMIC;

pub type Shape = Vec<i64>;

/// `?` for a dynamic dimension.
pub fn dim_str(d: i64) -> String {
    if d == DYNAMIC {
        "?".into()
    } else {
        d.to_string()
    }
}

/// Two dimensions that may be equal at run time.
pub fn compatible(a: i64, b: i64) -> bool {
    a == b || a == DYNAMIC || b == DYNAMIC
}

/// The more precise of two compatible dimensions.
fn meet(a: i64, b: i64) -> i64 {
    if a == DYNAMIC {
        b
    } else {
        a
    }
}

fn list(v: &[i64]) -> String {
    let s: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("[{}]", s.join(", "))
}

/// `a * b`, dynamic when either is.
pub fn mul_dims(a: i64, b: i64) -> i64 {
    if a == DYNAMIC || b == DYNAMIC {
        DYNAMIC
    } else {
        a * b
    }
}

/// `[b…, m, k] x [b…, k, n] -> [b…, m, n]`.
pub fn matmul(lhs: &[i64], rhs: &[i64]) -> Result<Shape, String> {
    if lhs.len() < 2 || rhs.len() < 2 {
        return Err(format!(
            "operands must have rank at least 2, got {} and {}",
            lhs.len(),
            rhs.len()
        ));
    }
    if lhs.len() != rhs.len() {
        return Err(format!(
            "operand ranks differ: {} vs {}",
            lhs.len(),
            rhs.len()
        ));
    }
    let r = lhs.len();
    let mut out = Vec::with_capacity(r);
    for i in 0..r - 2 {
        if !compatible(lhs[i], rhs[i]) {
            return Err(format!(
                "batch dimensions {i} differ: {} vs {}",
                dim_str(lhs[i]),
                dim_str(rhs[i])
            ));
        }
        out.push(meet(lhs[i], rhs[i]));
    }
    if !compatible(lhs[r - 1], rhs[r - 2]) {
        return Err(format!(
            "contracting dimensions differ: {} vs {}",
            dim_str(lhs[r - 1]),
            dim_str(rhs[r - 2])
        ));
    }
    out.push(lhs[r - 2]);
    out.push(rhs[r - 1]);
    Ok(out)
}

/// `result[i] = input[perm[i]]`.
pub fn transpose(input: &[i64], perm: &[i64]) -> Result<Shape, String> {
    if perm.len() != input.len() {
        return Err(format!(
            "permutation has {} entries for rank {}",
            perm.len(),
            input.len()
        ));
    }
    let mut seen = vec![false; perm.len()];
    for &p in perm {
        if p < 0 || p as usize >= perm.len() || std::mem::replace(&mut seen[p as usize], true) {
            return Err(format!(
                "permutation {} is not a permutation of 0..{}",
                list(perm),
                perm.len()
            ));
        }
    }
    Ok(perm.iter().map(|&p| input[p as usize]).collect())
}

/// Static element count, `None` when a dimension is dynamic.
pub fn num_elements(s: &[i64]) -> Option<i128> {
    s.iter().try_fold(1i128, |acc, &d| {
        (d != DYNAMIC).then(|| acc.saturating_mul(d as i128))
    })
}

/// Same element count when both are static.
pub fn reshape(input: &[i64], result: &[i64]) -> Result<(), String> {
    match (num_elements(input), num_elements(result)) {
        (Some(a), Some(b)) if a != b => Err(format!("element count mismatch: {a} vs {b}")),
        _ => Ok(()),
    }
}

/// Input dim `i` maps to result dim `dims[i]` (strictly increasing); it is 1
/// (stretched) or equal to it.
pub fn broadcast(input: &[i64], dims: &[i64], result: &[i64]) -> Result<(), String> {
    if dims.len() != input.len() {
        return Err(format!(
            "dimensions has {} entries for input rank {}",
            dims.len(),
            input.len()
        ));
    }
    let mut prev = -1;
    for (i, &d) in dims.iter().enumerate() {
        if d <= prev || d as usize >= result.len() {
            return Err(format!(
                "dimensions {} must be strictly increasing and below the result rank {}",
                list(dims),
                result.len()
            ));
        }
        prev = d;
        let (a, b) = (input[i], result[d as usize]);
        if a != 1 && !compatible(a, b) {
            return Err(format!(
                "input dimension {i} ({}) does not match result dimension {d} ({})",
                dim_str(a),
                dim_str(b)
            ));
        }
    }
    Ok(())
}

/// The input without the reduced axes.
pub fn reduce(input: &[i64], axes: &[i64]) -> Result<Shape, String> {
    let mut removed = vec![false; input.len()];
    for &a in axes {
        if a < 0 || a as usize >= input.len() {
            return Err(format!("axis {a} out of range for rank {}", input.len()));
        }
        if std::mem::replace(&mut removed[a as usize], true) {
            return Err(format!("axis {a} repeated"));
        }
    }
    Ok(input
        .iter()
        .zip(&removed)
        .filter(|(_, &r)| !r)
        .map(|(&d, _)| d)
        .collect())
}

/// Inputs joined along `axis`; other dimensions agree.
pub fn concat(inputs: &[&[i64]], axis: i64) -> Result<Shape, String> {
    let Some(first) = inputs.first() else {
        return Err("requires at least one input".into());
    };
    let rank = first.len();
    if axis < 0 || axis as usize >= rank {
        return Err(format!("axis {axis} out of range for rank {rank}"));
    }
    let axis = axis as usize;
    let mut out = first.to_vec();
    for (k, s) in inputs.iter().enumerate().skip(1) {
        if s.len() != rank {
            return Err(format!(
                "operand ranks differ: {rank} vs {} (operand {k})",
                s.len()
            ));
        }
        for d in 0..rank {
            if d == axis {
                out[d] = if out[d] == DYNAMIC || s[d] == DYNAMIC {
                    DYNAMIC
                } else {
                    out[d] + s[d]
                };
            } else if !compatible(out[d], s[d]) {
                return Err(format!(
                    "dimension {d} of operand {k} differs: {} vs {}",
                    dim_str(s[d]),
                    dim_str(out[d])
                ));
            }
        }
    }
    Ok(out)
}

/// Result dim `i` reads `start[i] + j * strides[i]` for `j < result[i]`.
pub fn slice(input: &[i64], start: &[i64], strides: &[i64], result: &[i64]) -> Result<(), String> {
    let rank = input.len();
    for (what, v) in [("start", start), ("strides", strides)] {
        if v.len() != rank {
            return Err(format!("{what} has {} entries for rank {rank}", v.len()));
        }
    }
    if result.len() != rank {
        return Err(format!(
            "result rank {} differs from input rank {rank}",
            result.len()
        ));
    }
    for i in 0..rank {
        if start[i] < 0 {
            return Err(format!("start {} of dimension {i} is negative", start[i]));
        }
        if strides[i] <= 0 {
            return Err(format!(
                "stride {} of dimension {i} is not positive",
                strides[i]
            ));
        }
        let (n, size) = (input[i], result[i]);
        if n != DYNAMIC && size != DYNAMIC && size > 0 {
            let last = (start[i] as i128) + (size as i128 - 1) * strides[i] as i128;
            if last >= n as i128 {
                return Err(format!(
                    "slice of dimension {i} reads index {last}, past its size {n}"
                ));
            }
        }
    }
    Ok(())
}

/// A `dim` index within the rank.
pub fn dim(input: &[i64], index: i64) -> Result<(), String> {
    if index < 0 || index as usize >= input.len() {
        return Err(format!(
            "index {index} out of range for rank {}",
            input.len()
        ));
    }
    Ok(())
}

/// Whether `actual` refines or equals `inferred` dimension by dimension.
pub fn matches(inferred: &[i64], actual: &[i64]) -> bool {
    inferred.len() == actual.len() && inferred.iter().zip(actual).all(|(&a, &b)| compatible(a, b))
}

/// `graph.scatter`: the data's shape, after checking 1-d indices and
/// updates of shape `indices + data[1:]`; a static size-0 first data dim
/// with updates that may hold an element is an error (nothing to write into).
pub fn scatter(data: &[i64], indices: &[i64], updates: &[i64]) -> Result<Shape, String> {
    let list = |s: &[i64]| {
        let v: Vec<String> = s.iter().map(|&d| dim_str(d)).collect();
        format!("[{}]", v.join(", "))
    };
    if data.is_empty() {
        return Err("data must have rank 1 or more".into());
    }
    if indices.len() != 1 {
        return Err(format!("indices must be 1-d, got shape {}", list(indices)));
    }
    let mut want = indices.to_vec();
    want.extend_from_slice(&data[1..]);
    if !matches(&want, updates) {
        return Err(format!(
            "updates shape {} does not match indices + data[1:] = {}",
            list(updates),
            list(&want)
        ));
    }
    if data[0] == 0 && updates.iter().all(|&d| d > 0) {
        return Err(format!(
            "scatters {} rows into data dimension 0 of size 0",
            dim_str(indices[0])
        ));
    }
    Ok(data.to_vec())
}

/// `input[:axis] + indices + input[axis+1:]`; a static size-0 `axis` dim with
/// indices that may hold an element is an error (nothing to select).
pub fn gather(input: &[i64], indices: &[i64], axis: i64) -> Result<Shape, String> {
    let rank = input.len();
    if axis < 0 || axis as usize >= rank {
        return Err(format!("axis {axis} out of range for input rank {rank}"));
    }
    let axis = axis as usize;
    if input[axis] == 0 && indices.iter().all(|&d| d > 0) {
        let s: Vec<String> = indices.iter().map(|&d| dim_str(d)).collect();
        return Err(format!(
            "selects from input dimension {axis} of size 0 with non-empty indices [{}]",
            s.join(", ")
        ));
    }
    let mut out = input[..axis].to_vec();
    out.extend_from_slice(indices);
    out.extend_from_slice(&input[axis + 1..]);
    Ok(out)
}

//! `device-explain`: a remark on each graph op saying why it got its placement.

#[derive(Default)]
pub struct Explain;
